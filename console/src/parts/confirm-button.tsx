// A button that runs an action of its screen: after a confirmation when the action cannot be
// undone, one at a time (marked busy with aria-disabled while any action of the screen runs, and a second click before
// that shows is ignored by useAction), its error shown by the screen's ErrorLine.
import type { ComponentChildren } from 'preact';
import { rememberFocusFallback } from '../focus.ts';
import type { Action } from '../ui.tsx';

export function ConfirmButton(props: {
  /** The screen's useAction(): its busy flag and its error. */
  action: Action;
  /** The action; the sentence it returns is shown and announced. */
  run: () => Promise<unknown>;
  /** Asked first (window.confirm); the action runs only when confirmed. */
  confirm?: string;
  danger?: boolean;
  children: ComponentChildren;
}) {
  const { action } = props;
  return (
    <button
      type="button"
      class={props.danger ? 'danger' : undefined}
      aria-disabled={action.busy}
      onClick={(e) => {
        // If the action removes this button (a revoked key leaves the list), focus goes to its list.
        rememberFocusFallback(e.currentTarget);
        void action.run(async () => {
          if (props.confirm && !confirm(props.confirm)) return;
          return props.run();
        });
      }}
    >
      {props.children}
    </button>
  );
}
