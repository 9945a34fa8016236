// Where keyboard focus goes. After navigation (a new hash route, a login), focus moves to the new
// screen's heading, so a screen reader says where the person is and Tab continues from there.
// After an action whose button went away (a revoked key leaves the list), focus moves to the list
// the button was in, not to the top of the page.
let headingPending = true;

/** The next screen heading that renders takes focus (called on navigation and login). */
export function focusNextHeading(): void {
  headingPending = true;
}

/** Called by a screen heading once rendered: takes focus if navigation asked for it. */
export function headingRendered(el: HTMLElement | null): void {
  if (!el || !headingPending) return;
  headingPending = false;
  // Not on the very first page load of the login screen: nothing moved there.
  el.focus({ preventScroll: false });
}

let fallback: { target: HTMLElement; until: number } | undefined;

/** Remembers where focus should go if the element acting now (a row's button) disappears. */
export function rememberFocusFallback(from: HTMLElement | null): void {
  const target = from?.closest<HTMLElement>('table, section, form');
  if (target) fallback = { target, until: Date.now() + 10_000 };
}

/** Watches the page: when the focused element was removed, focus goes to the remembered place. */
export function watchLostFocus(root: HTMLElement): void {
  new MutationObserver(() => {
    if (!fallback || Date.now() > fallback.until) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const { target } = fallback;
    fallback = undefined;
    if (!target.isConnected) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }).observe(root, { childList: true, subtree: true });
}
