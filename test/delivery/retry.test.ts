// test-runner: store-independent
