import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: (number | null)[];
  color: string;
}

/**
 * A bar chart (chart.js on a canvas, hidden from assistive technology) always paired with a data
 * table carrying the same numbers, which is what screen readers and keyboard users read.
 */
export function BarChart({
  title,
  categories,
  series,
  format,
  max,
}: {
  title: string;
  categories: string[];
  series: Series[];
  format: (v: number | null) => string;
  max?: number;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: categories, datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.color })) },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, max } },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [categories, series, max]);
  return (
    <figure className="grid gap-4 lg:grid-cols-2">
      <div className="relative h-64" aria-hidden="true">
        <canvas ref={canvas} />
      </div>
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-medium text-slate-800">{title}</caption>
          <thead className="border-b border-slate-300">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Figure
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="py-1 pr-3">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((c, i) => (
              <tr key={c} className="border-b border-slate-200">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {c}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="py-1 pr-3 tabular-nums">
                    {format(s.values[i])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
