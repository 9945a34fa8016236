// A one-shot signal between two parts of a test: `fire()` resolves `fired` (Node 20 has no
// Promise.withResolvers).
export interface Signal {
  fired: Promise<void>;
  fire(): void;
}

export function signal(): Signal {
  let fire!: () => void;
  const fired = new Promise<void>((r) => {
    fire = r;
  });
  return { fired, fire };
}
