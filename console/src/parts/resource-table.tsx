// The table every list screen shows: a name for screen readers, a header per column, an actions
// column when rows have buttons, a row that may be replaced by an editor or followed by details,
// and a sentence when the list is empty.
import { type ComponentChildren, Fragment } from 'preact';

export interface Column<T> {
  header: string;
  cell: (row: T) => ComponentChildren;
  class?: string;
}

export function ResourceTable<T>(props: {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  /** Undefined while loading: no "empty" sentence then. */
  rows: readonly T[] | undefined;
  /** Default: the row's `id`. */
  rowKey?: (row: T) => string;
  /** Shown when the list is empty. */
  empty: string;
  actions?: (row: T) => ComponentChildren;
  /** What to show instead of the row (an editor), if anything. */
  replace?: (row: T) => ComponentChildren;
  /** A full-width row after the row (details), if anything. */
  detail?: (row: T) => ComponentChildren;
  /** Attributes of the row (data-* for tests and scripts). */
  rowAttrs?: (row: T) => Record<string, string>;
}) {
  const { columns, actions } = props;
  const width = columns.length + (actions ? 1 : 0);
  const wide = (key: string, content: ComponentChildren) => (
    <tr key={key}>
      <td colSpan={width}>{content}</td>
    </tr>
  );
  return (
    <>
      <table aria-label={props.label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header}>{c.header}</th>
            ))}
            {actions && (
              <th>
                <span class="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows?.map((row) => {
            const key = props.rowKey?.(row) ?? String((row as { id?: unknown }).id);
            const instead = props.replace?.(row);
            if (instead) return wide(key, instead);
            const more = props.detail?.(row);
            return (
              <Fragment key={key}>
                <tr {...props.rowAttrs?.(row)}>
                  {columns.map((c) => (
                    <td key={c.header} class={c.class}>
                      {c.cell(row)}
                    </td>
                  ))}
                  {actions && <td class="actions">{actions(row)}</td>}
                </tr>
                {more && wide(`${key} detail`, more)}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {props.rows?.length === 0 && <p>{props.empty}</p>}
    </>
  );
}
