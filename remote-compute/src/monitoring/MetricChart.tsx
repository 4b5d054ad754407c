import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { resolveTimeZone, useColorScheme, usePortal } from '@portal/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

export interface ChartSeries {
  label: string;
  /** one value per timestamp; null is a gap */
  values: ReadonlyArray<number | null>;
  /** a Fluent colour token (`tokens.colorBrandForeground1`); read from the page so dark mode fits */
  color: string;
}

export interface MetricChartProps {
  title: string;
  /** epoch milliseconds, one per point */
  times: readonly number[];
  series: readonly ChartSeries[];
  /** axis labels and the tooltip */
  format: (value: number) => string;
  /** the time of a point in the tooltip; the axis gets `formatTick` */
  formatTime: (at: number) => string;
  formatTick: (at: number) => string;
  /** fixed top of the scale (100 for percentages); otherwise the data's peak plus a margin */
  max?: number;
  height?: number;
}

const useStyles = makeStyles({
  figure: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: '2px',
    marginRight: tokens.spacingHorizontalXS,
  },
  plot: {
    position: 'relative',
    minWidth: 0,
    // what uPlot's own stylesheet would set: the cursor layer over the canvas
    '& .uplot': { width: '100%' },
    '& .u-wrap': { position: 'relative', userSelect: 'none' },
    '& .u-over, & .u-under': { position: 'absolute' },
    '& .u-under': { overflow: 'hidden' },
    '& canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
    '& .u-axis': { position: 'absolute' },
    '& .u-cursor-x, & .u-cursor-y': {
      position: 'absolute',
      left: 0,
      top: 0,
      pointerEvents: 'none',
      willChange: 'transform',
    },
    '& .u-cursor-x': { height: '100%', borderRight: `1px dashed ${tokens.colorNeutralStroke1}` },
    '& .u-cursor-y': { display: 'none' },
    '& .u-cursor-pt': {
      position: 'absolute',
      top: 0,
      left: 0,
      borderRadius: '50%',
      border: '0 solid',
      pointerEvents: 'none',
      willChange: 'transform',
      backgroundClip: 'padding-box !important',
    },
    '& .u-select': { display: 'none' },
    // uPlot marks the cursor's parts `u-off` while the pointer is elsewhere
    '& .u-off': { display: 'none' },
  },
  tooltip: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    zIndex: 1,
    pointerEvents: 'none',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow8,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'nowrap',
  },
  tooltipTime: { fontWeight: tokens.fontWeightSemibold },
  summary: {
    margin: 0,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
});

/** `var(--colorBrandForeground1)` → its value on this element (canvas cannot read CSS variables). */
function cssColor(element: Element, token: string, fallback: string): string {
  const name = /var\((--[^,)]+)/.exec(token)?.[1];
  const value = name ? getComputedStyle(element).getPropertyValue(name).trim() : token;
  return value || fallback;
}

/** A colour with an alpha for the area under a line (`#rrggbb` or `rgb(…)`). */
function withAlpha(color: string, alpha: number): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = Number.parseInt(hex[1]!, 16);
    return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(([^)]+)\)$/.exec(color);
  if (rgb) return `rgba(${rgb[1]!.split(',').slice(0, 3).join(',')}, ${alpha})`;
  return color;
}

const stats = (values: ReadonlyArray<number | null>) => {
  const present = values.filter((v): v is number => typeof v === 'number');
  if (present.length === 0) return null;
  return { average: present.reduce((a, v) => a + v, 0) / present.length, peak: Math.max(...present) };
};

/**
 * One time-series chart: uPlot on a canvas (small and fast: 300 points of 2 lines redraw at once),
 * axes and tooltip in the user's timezone and formats, colours from the Fluent theme (light or
 * dark). Screen readers get the average and peak of each line as text.
 */
export function MetricChart({
  title,
  times,
  series,
  format,
  formatTime,
  formatTick,
  max,
  height = 180,
}: MetricChartProps) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { preferences } = usePortal();
  const { scheme } = useColorScheme();
  const box = useRef<HTMLDivElement>(null);
  const mount = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ index: number; left: number } | null>(null);
  const [width, setWidth] = useState(0);
  const zone = resolveTimeZone(preferences.timezone);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = mount.current;
    if (!element || width <= 0) return;
    // colours are read from the page's theme now: a new scheme (light, dark) draws the chart anew
    element.dataset.scheme = scheme;
    const axisColor = cssColor(element, tokens.colorNeutralForeground3, '#707070');
    const gridColor = cssColor(element, tokens.colorNeutralStroke2, '#e0e0e0');
    const colors = series.map((s) => cssColor(element, s.color, '#0f6cbd'));
    const axis = {
      stroke: axisColor,
      grid: { stroke: gridColor, width: 1 },
      ticks: { stroke: gridColor, width: 1 },
      font: '12px "Segoe UI", system-ui, sans-serif',
    };
    let plot: uPlot | null = null;
    let cancelled = false;
    // uPlot is loaded with the first chart drawn: the Dashboard's other tabs never download it
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      plot = new UPlot(
        {
          width,
          height,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), zone),
          legend: { show: false },
          cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 7 } },
          scales: {
            x: { time: true },
            y: {
              range: (_u, _min, dataMax) => [0, max ?? (dataMax > 0 ? dataMax * 1.15 : 1)],
            },
          },
          axes: [
            { ...axis, space: 90, values: (_u, splits) => splits.map((s) => formatTick(s * 1000)) },
            { ...axis, size: 76, values: (_u, splits) => splits.map((v) => format(v)) },
          ],
          series: [
            {},
            ...series.map((s, index) => ({
              label: s.label,
              stroke: colors[index],
              fill: withAlpha(colors[index] ?? '#0f6cbd', 0.12),
              width: 2,
              points: { show: false },
            })),
          ],
          hooks: {
            setCursor: [
              (u) => {
                const index = u.cursor.idx;
                // the cursor's place in the plotting area, moved by the axis to its left
                const left = (u.cursor.left ?? 0) + u.over.offsetLeft;
                setHover(typeof index === 'number' && (u.cursor.left ?? -1) >= 0 ? { index, left } : null);
              },
            ],
          },
        },
        [times.map((at) => at / 1000), ...series.map((s) => [...s.values])] as uPlot.AlignedData,
        element,
      );
    });
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [width, height, times, series, format, formatTick, max, zone, scheme]);

  const summary = useMemo(
    () =>
      series
        .map((s) => {
          const found = stats(s.values);
          return found
            ? t('monitoring.summary', {
                series: s.label,
                average: format(found.average),
                peak: format(found.peak),
              })
            : t('monitoring.summaryEmpty', { series: s.label });
        })
        .join(' · '),
    [series, format, t],
  );

  const at = hover ? times[hover.index] : undefined;
  return (
    <figure className={styles.figure} aria-label={title}>
      <div className={styles.header}>
        <Subtitle2 as="h3">{title}</Subtitle2>
        <ul className={styles.legend}>
          {series.map((s) => (
            <li key={s.label}>
              <span className={styles.swatch} style={{ backgroundColor: s.color }} />
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.plot} ref={box}>
        <div ref={mount} />
        {hover && at !== undefined ? (
          <div
            className={styles.tooltip}
            role="status"
            style={
              hover.left > width / 2
                ? { right: `${width - hover.left + 12}px` }
                : { left: `${hover.left + 12}px` }
            }
          >
            <div className={styles.tooltipTime}>{formatTime(at)}</div>
            {series.map((s) => {
              const value = s.values[hover.index];
              return (
                <div key={s.label}>
                  <span className={styles.swatch} style={{ backgroundColor: s.color }} />
                  {s.label}: {typeof value === 'number' ? format(value) : '–'}
                </div>
              );
            })}
          </div>
        ) : null}
      </div>
      <figcaption className={styles.summary}>{summary}</figcaption>
    </figure>
  );
}
