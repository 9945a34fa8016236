// The table every list screen shows: a name for screen readers, a header per column, an actions
// column when rows have buttons, a row that may be replaced by an editor or followed by details,
// and a sentence when the list is empty.
//
// A long list shows its first rows (ROWS_AT_ONCE) and a "Show more" button under the table for
// the next ones: a list of 200 keys built every row, each with its cells and buttons, in one task
// on the screen's first load, the main thread busy about 0.6 s on a mid-range phone (Lighthouse's
// Total Blocking Time; docs/console.md, "Lighthouse"). The rows not shown are not built at all.
// The rows shown are built a few at a time (ROWS_PER_TASK), each batch in its own task, so that a
// click or a key press waits for one batch at most, never for the whole list.
//
// At a phone's width the rows are stacked, and each cell shows its column's label beside its value
// (the header row is then only for screen readers). The explicit roles keep the table a table for
// assistive technology when CSS lays its parts out as blocks, which otherwise drops the semantics
// in some browsers.
import type { ComponentChildren, Ref, VNode } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from '../announce.ts';

/** Rows built at first, and added by each "Show more": a screenful on a desktop, several on a phone. */
export const ROWS_AT_ONCE = 50;

/** Rows built per task: more than a phone's screenful (the first batch is what the reader sees). */
const ROWS_PER_TASK = 10;

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

interface TableProps<T> {
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
  /**
   * Rows shown at first and per "Show more" (default ROWS_AT_ONCE); `Infinity` for a list that
   * pages at the server itself (the access log's "Load more").
   */
  rowsAtOnce?: number;
}

export function ResourceTable<T>(props: TableProps<T>) {
  const { columns, actions } = props;
  const width = columns.length + (actions ? 1 : 0);
  const step = props.rowsAtOnce ?? ROWS_AT_ONCE;
  const [limit, setLimit] = useState(step);
  const [built, setBuilt] = useState(ROWS_PER_TASK);
  const total = props.rows?.length ?? 0;
  const shown = Math.min(limit, built);
  const rows = total > shown ? props.rows!.slice(0, shown) : props.rows;
  // The next batch in a task of its own (a timer: the browser may paint and handle input first).
  const pending = built < Math.min(limit, total);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setBuilt((b) => b + ROWS_PER_TASK), 0);
    return () => clearTimeout(timer);
  }, [pending, built]);
  // After "Show more", focus goes to the first row it added (the button may be gone, its focus with
  // it), so keyboard and screen-reader users continue where the new rows start.
  const [focusKey, setFocusKey] = useState<string | undefined>();
  const firstAdded = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (focusKey !== undefined) firstAdded.current?.focus();
  }, [focusKey]);
  const keyOf = (row: T) => props.rowKey?.(row) ?? String((row as { id?: unknown }).id);
  // Each row's element kept while its data and the table's ways of drawing it stay the same: a new
  // batch then builds its own rows only, not every row before it again (Preact skips an element it
  // is given again).
  const how = [columns, actions, props.replace, props.detail, props.rowAttrs, props.rowKey, focusKey];
  const made = useRef<{ how: unknown[]; rows: WeakMap<object, VNode> }>(undefined);
  if (!made.current || how.some((x, i) => x !== made.current!.how[i]))
    made.current = { how, rows: new WeakMap() };
  const rowOf = (row: T) => {
    const cache = made.current!.rows;
    let v = cache.get(row as object);
    if (!v) {
      const key = keyOf(row);
      v = (
        <BodyRow
          key={key}
          rowKey={key}
          row={row}
          width={width}
          columns={columns}
          actions={actions}
          replace={props.replace}
          detail={props.detail}
          rowAttrs={props.rowAttrs}
          focusRef={key === focusKey ? firstAdded : undefined}
        />
      );
      cache.set(row as object, v);
    }
    return v;
  };
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
        <tbody {...keep('rowgroup')}>{rows?.map(rowOf)}</tbody>
      </table>
      {props.rows?.length === 0 && <p>{props.empty}</p>}
      {total > limit && (
        <p class="more-rows">
          {limit} of {total} shown.{' '}
          <button
            type="button"
            onClick={() => {
              const next = Math.min(total, limit + step);
              setLimit(limit + step);
              // The first added batch now, with the row that takes focus.
              setBuilt(limit + ROWS_PER_TASK);
              const first = props.rows![limit];
              setFocusKey(first === undefined ? undefined : keyOf(first));
              announce(`${next} of ${total} shown.`);
            }}
          >
            Show {Math.min(step, total - limit)} more
            <span class="sr-only"> {props.label.toLowerCase()}</span>
          </button>
        </p>
      )}
    </>
  );
}

/** A full-width row (an editor instead of a row, or a row's details). */
const wide = (key: string, width: number, content: ComponentChildren) => (
  <tr key={key} {...keep('row')}>
    <td colSpan={width} {...keep('cell')}>
      {content}
    </td>
  </tr>
);

/** One row of the table (or its editor), and its details if any. */
function BodyRow<T>(
  props: Pick<TableProps<T>, 'columns' | 'actions' | 'replace' | 'detail' | 'rowAttrs'> & {
    row: T;
    rowKey: string;
    width: number;
    /** Set on the row that takes focus after "Show more". */
    focusRef: Ref<HTMLTableRowElement> | undefined;
  },
) {
  const { row, rowKey: key, columns, actions, width } = props;
  const instead = props.replace?.(row);
  if (instead) return wide(key, width, instead);
  const more = props.detail?.(row);
  return (
    <>
      <tr
        {...keep('row')}
        {...props.rowAttrs?.(row)}
        ref={props.focusRef}
        tabIndex={props.focusRef ? -1 : undefined}
      >
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
      {more && wide(`${key} detail`, width, more)}
    </>
  );
}
