import { useEffect, useRef } from 'react';
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

// Only what the product's charts draw, so the bundle carries no more of Chart.js than that.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

/**
 * A Chart.js chart on a canvas. Chart.js 4 injects no stylesheet and sizes its canvas through the
 * CSSOM (element.style), which the strict Content-Security-Policy allows; the box's height comes
 * from the class in the stylesheet.
 */
export function ChartCanvas({
  config,
  className,
  label,
  height,
}: {
  config: ChartConfiguration;
  className: string;
  label: string;
  height?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.destroy();
  }, [config]);
  return (
    <div className={`chart-box ${className}`} style={height === undefined ? undefined : { height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
