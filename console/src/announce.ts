// One polite live region for the whole page (it exists before anything is said into it, which a
// region inserted together with its message does not guarantee to be read). Success and failure
// of an action, and changes of the live tail's state, are said here once each.
let region: HTMLElement | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

/** The region's element; rendered once by the app shell (main.tsx). */
export function bindAnnouncer(el: HTMLElement | null): void {
  region = el;
}

/** Says `message` politely. The same message twice in a row is said twice (cleared, then set). */
export function announce(message: string): void {
  if (!region) return;
  const el = region;
  el.textContent = '';
  clearTimeout(timer);
  // A tick between clearing and setting, so a repeated message is a change screen readers hear.
  timer = setTimeout(() => {
    el.textContent = message;
  }, 50);
}
