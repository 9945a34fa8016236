// Small SVG charts written here (no chart library, no CDN): stacked bars over hours and horizontal
// bars per item. Each chart has a title, a legend, and the same numbers as a table for screen
// readers. Series differ by pattern as well as colour (WCAG 1.4.1: colour is not the only cue),
// and the legend shows the same pattern.
import { useState } from 'preact/hooks';

const PALETTE = ['#2457d6', '#e07b00', '#137333', '#b42318', '#7b3fb5', '#00838f', '#8d6e63', '#5b6470'];

export function colorOf(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

/** The pattern of series `i`, drawn over its colour: none, stripes, dots, cross-hatch, … */
const PATTERNS: ((c: string) => preact.JSX.Element | null)[] = [
  () => null,
  (c) => <path d="M0 6 L6 0" stroke={c} stroke-width="2" />,
  (c) => <circle cx="3" cy="3" r="1.4" fill={c} />,
  (c) => <path d="M0 3 H6 M3 0 V6" stroke={c} stroke-width="1.4" />,
  (c) => <path d="M0 3 H6" stroke={c} stroke-width="2" />,
  (c) => <path d="M3 0 V6" stroke={c} stroke-width="2" />,
  (c) => <path d="M0 0 L6 6" stroke={c} stroke-width="2" />,
  (c) => <path d="M0 0 L6 6 M0 6 L6 0" stroke={c} stroke-width="1.2" />,
];

let chartIds = 0;

/** The <defs> of a chart's patterns, and the fill that names series `i`. */
function usePatterns(colors: string[]) {
  const [id] = useState(() => `c${++chartIds}`);
  const defs = (
    <defs>
      {colors.map((color, i) => (
        <pattern key={i} id={`${id}-p${i}`} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill={color} />
          {PATTERNS[i % PATTERNS.length]!('#fff')}
        </pattern>
      ))}
    </defs>
  );
  return { defs, fill: (i: number) => `url(#${id}-p${i})` };
}

export interface Stack {
  label: string;
  /**
   * Count per series. A Map, not an object: series are names users choose (lock names), and a lock
   * named `__proto__` or `constructor` would read an object's inherited members.
   */
  parts: Map<string, number>;
}

export function StackedBars(props: {
  title: string;
  stacks: Stack[];
  series: string[];
  colors?: ReadonlyMap<string, string>;
}) {
  const { stacks, series } = props;
  const W = 720;
  const H = 200;
  const pad = { l: 36, r: 8, t: 8, b: 28 };
  const max = Math.max(1, ...stacks.map((s) => series.reduce((a, k) => a + (s.parts.get(k) ?? 0), 0)));
  const bw = (W - pad.l - pad.r) / Math.max(1, stacks.length);
  const y = (v: number) => pad.t + (H - pad.t - pad.b) * (1 - v / max);
  const color = (k: string, i: number) => props.colors?.get(k) ?? colorOf(i);
  const patterns = usePatterns(series.map((k, i) => color(k, i)));
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.title}>
        {patterns.defs}
        <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} stroke="#999" />
        <text x={pad.l - 4} y={y(max) + 4} text-anchor="end" font-size="11">
          {max}
        </text>
        <text x={pad.l - 4} y={y(0)} text-anchor="end" font-size="11">
          0
        </text>
        {stacks.map((s, i) => {
          let base = 0;
          return (
            <g key={s.label}>
              {series.map((k, j) => {
                const v = s.parts.get(k) ?? 0;
                if (v === 0) return null;
                const r = (
                  <rect
                    key={k}
                    x={pad.l + i * bw + 1}
                    y={y(base + v)}
                    width={Math.max(1, bw - 2)}
                    height={y(base) - y(base + v)}
                    fill={patterns.fill(j)}
                  >
                    <title>{`${s.label} ${k}: ${v}`}</title>
                  </rect>
                );
                base += v;
                return r;
              })}
              {i % Math.ceil(stacks.length / 8) === 0 && (
                <text x={pad.l + i * bw + bw / 2} y={H - 10} text-anchor="middle" font-size="11">
                  {s.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Legend series={series} color={color} />
      <table class="sr-only">
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th>Hour</th>
            {series.map((k) => (
              <th key={k}>{k}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stacks.map((s) => (
            <tr key={s.label}>
              <td>{s.label}</td>
              {series.map((k) => (
                <td key={k}>{s.parts.get(k) ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export function HBars(props: {
  title: string;
  unit: string;
  rows: { label: string; values: Record<string, number> }[];
  series: string[];
}) {
  const max = Math.max(1, ...props.rows.flatMap((r) => props.series.map((k) => r.values[k] ?? 0)));
  const rowH = 14 * props.series.length + 10;
  const W = 720;
  const L = 220;
  const H = Math.max(rowH, props.rows.length * rowH);
  const patterns = usePatterns(props.series.map((_k, i) => colorOf(i)));
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.title}>
        {patterns.defs}
        {props.rows.map((r, i) => (
          <g key={r.label}>
            <text x={L - 6} y={i * rowH + 14} text-anchor="end" font-size="11">
              {r.label.length > 34 ? `${r.label.slice(0, 33)}…` : r.label}
            </text>
            {props.series.map((k, j) => {
              const v = r.values[k] ?? 0;
              const w = ((W - L - 70) * v) / max;
              return (
                <g key={k}>
                  <rect
                    x={L}
                    y={i * rowH + 4 + j * 14}
                    width={Math.max(1, w)}
                    height={12}
                    fill={patterns.fill(j)}
                  />
                  <text x={L + w + 4} y={i * rowH + 14 + j * 14} font-size="11">
                    {`${Math.round(v)} ${props.unit}`}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <Legend series={props.series} color={(_k, i) => colorOf(i)} />
    </figure>
  );
}

function Legend({ series, color }: { series: string[]; color: (k: string, i: number) => string }) {
  const patterns = usePatterns(series.map((k, i) => color(k, i)));
  return (
    <ul class="legend">
      {series.map((k, i) => (
        <li key={k}>
          <svg class="swatch" viewBox="0 0 12 12" aria-hidden="true">
            {i === 0 && patterns.defs}
            <rect width="12" height="12" fill={patterns.fill(i)} />
          </svg>
          {k}
        </li>
      ))}
    </ul>
  );
}
