// Charts with Chart.js (canvas; no eval, no injected styles, so the strict CSP holds), registered piece by
// piece so the bundle carries only lines and bars. Colours come from the theme's CSS variables and are
// read again when the system switches between light and dark.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Legend,
  Tooltip,
);

export interface Theme {
  fg: string;
  muted: string;
  line: string;
  accent: string;
  ok: string;
  warn: string;
  err: string;
  dormant: string;
}

function readTheme(): Theme {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string) => css.getPropertyValue(`--${name}`).trim();
  return {
    fg: v('fg'),
    muted: v('muted'),
    line: v('line'),
    accent: v('accent'),
    ok: v('ok'),
    warn: v('warn'),
    err: v('err'),
    dormant: v('dormant'),
  };
}

/** The theme's colours, updated when the system's colour scheme changes. */
export function useTheme(): Theme {
  const [theme, setTheme] = useState(readTheme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => setTheme(readTheme());
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return theme;
}

export function ChartCanvas({
  config,
  label,
  height = 220,
}: {
  config: (theme: Theme) => ChartConfiguration;
  label: string;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  useEffect(() => {
    if (!canvas.current) return;
    const c = config(theme);
    Chart.defaults.color = theme.muted;
    Chart.defaults.borderColor = theme.line;
    const chart = new Chart(canvas.current, {
      ...c,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...c.options },
    });
    return () => chart.destroy();
  }, [config, theme]);
  return (
    // data-chart says which kind was drawn (line or bar), for tests and anyone inspecting the page.
    <div className="chart" data-height={height} data-chart={config(theme).type}>
      <canvas ref={canvas} role="img" aria-label={label} height={height} />
    </div>
  );
}
