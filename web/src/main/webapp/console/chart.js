// Charts with uPlot (served from its WebJar), sized to their container.
import uPlot from 'uplot';

/**
 * A time chart of series over x (epoch seconds); returns an update(x, series) function.
 * series: [{label, stroke, fill?, values}].
 */
export function timeChart(container, x, series, options = {}) {
  const width = () => Math.max(280, container.clientWidth || 600);
  const plot = new uPlot({
    width: width(),
    height: options.height || 220,
    series: [{}, ...series.map(s => ({ label: s.label, stroke: s.stroke, fill: s.fill, width: 2, points: { show: false } }))],
    axes: [{}, { label: options.yLabel, size: 50 }],
    scales: { y: { range: (u, min, max) => [0, Math.max(1, max)] } },
    legend: { live: false },
  }, [x, ...series.map(s => s.values)], container);
  const resize = () => plot.setSize({ width: width(), height: options.height || 220 });
  window.addEventListener('resize', resize);
  return {
    update: (nextX, values) => plot.setData([nextX, ...values]),
    destroy: () => { window.removeEventListener('resize', resize); plot.destroy(); },
  };
}
