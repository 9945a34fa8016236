// A button that runs an action of its screen: after a confirmation when the action cannot be
// undone, one at a time (disabled while any action of the screen runs, and a second click before
// that shows is ignored by useAction), its error shown by the screen's ErrorLine.
import type { ComponentChildren } from 'preact';
import type { Action } from '../ui.tsx';

export function ConfirmButton(props: {
  /** The screen's useAction(): its busy flag and its error. */
  action: Action;
  run: () => Promise<void>;
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
      disabled={action.busy}
      onClick={() =>
        action.run(async () => {
          if (props.confirm && !confirm(props.confirm)) return;
          await props.run();
        })
      }
    >
      {props.children}
    </button>
  );
}
