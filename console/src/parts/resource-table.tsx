// The table every list screen shows: a name for screen readers, a header per column, an actions
// column when rows have buttons, a row that may be replaced by an editor or followed by details,
// and a sentence when the list is empty.
//
// At a phone's width the rows are stacked, and each cell shows its column's label beside its value
// (the header row is then only for screen readers). The explicit roles keep the table a table for
// assistive technology when CSS lays its parts out as blocks, which otherwise drops the semantics
// in some browsers.
import { type ComponentChildren, Fragment } from 'preact';

/**
 * An explicit role, on purpose: the phone layout (style.css) sets these elements' display to block,
 * and some browsers then stop exposing them as a table. Spread, because a linter that cannot see
 * the CSS calls the role redundant.
 */
const keep = (role: 'table' | 'rowgroup' | 'row' | 'columnheader' | 'cell') => ({ role });

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
    <tr key={key} {...keep('row')}>
      <td colSpan={width} {...keep('cell')}>
        {content}
      </td>
    </tr>
  );
  return (
    <>
      <table aria-label={props.label} {...keep('table')} class="resource-table">
        <thead {...keep('rowgroup')}>
          <tr {...keep('row')}>
            {columns.map((c) => (
              <th key={c.header} {...keep('columnheader')} scope="col">
                {c.header}
              </th>
            ))}
            {actions && (
              <th {...keep('columnheader')} scope="col">
                <span class="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody {...keep('rowgroup')}>
          {props.rows?.map((row) => {
            const key = props.rowKey?.(row) ?? String((row as { id?: unknown }).id);
            const instead = props.replace?.(row);
            if (instead) return wide(key, instead);
            const more = props.detail?.(row);
            return (
              <Fragment key={key}>
                <tr {...keep('row')} {...props.rowAttrs?.(row)}>
                  {columns.map((c) => (
                    <td key={c.header} class={c.class} {...keep('cell')}>
                      <span class="cell-label" aria-hidden="true">
                        {c.header}
                      </span>
                      <span class="cell-value">{c.cell(row)}</span>
                    </td>
                  ))}
                  {actions && (
                    <td class="actions" {...keep('cell')}>
                      {actions(row)}
                    </td>
                  )}
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
