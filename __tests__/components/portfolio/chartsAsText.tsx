// jsdom has no canvas: stand-ins for react-chartjs-2's charts that render their data as text, for
// `jest.mock('react-chartjs-2', () => jest.requireActual('./chartsAsText'))`.
export const Doughnut = (props: { data: { labels: string[] }; 'aria-label': string }) => (
  <div data-testid="doughnut" aria-label={props['aria-label']} role="img">
    {props.data.labels.join(',')}
  </div>
);

export const Line = (props: {
  data: { datasets: { label: string; data: (number | null)[] }[] };
  'aria-label': string;
}) => (
  <div data-testid="line" aria-label={props['aria-label']} role="img">
    {props.data.datasets.map((d) => `${d.label}:${d.data.join('|')}`).join(';')}
  </div>
);

// Issue 41's income bars.
export const Bar = (props: {
  data: { datasets: { label: string; data: number[] }[] };
  'aria-label': string;
}) => (
  <div data-testid="bar" aria-label={props['aria-label']} role="img">
    {props.data.datasets.map((d) => `${d.label}:${d.data.join('|')}`).join(';')}
  </div>
);
