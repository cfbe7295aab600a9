import { render } from '@testing-library/react';
import { Chart } from '../kit/dashboards';
import { KEPT_MEASURES, keepTextMeasures } from '../kit/dashboards/text-measures';
import { drawnLive, setUpTranslations } from './dashboard-kit.harness';

setUpTranslations();

/** apexcharts' Graphics as far as the kept measures go: each text's box, counted. */
function fakeChart(
  box: (text: string) => { width: number; height: number } = (text) => ({ width: text.length * 7, height: 14 }),
) {
  const asked: unknown[][] = [];
  class Graphics {
    getTextRects(...args: unknown[]) {
      asked.push(args);
      return box(String(args[0]));
    }
  }
  const graphics = new Graphics();
  return { chart: { ctx: { graphics } }, graphics, asked };
}

describe('the kept text measures of the charts', () => {
  it('measure a text once for its size, font and rotation, and give its box again after', () => {
    const { chart, graphics, asked } = fakeChart();
    keepTextMeasures(chart);
    expect(graphics.getTextRects('Seg', 12, 'Noto Sans')).toEqual({ width: 21, height: 14 });
    expect(graphics.getTextRects('Seg', 12, 'Noto Sans')).toEqual({ width: 21, height: 14 });
    // Another size, rotation or text is measured.
    graphics.getTextRects('Seg', 14, 'Noto Sans');
    graphics.getTextRects('Seg', 12, 'Noto Sans', 'rotate(-45 0 0)');
    graphics.getTextRects('Ter', 12, 'Noto Sans');
    expect(asked).toHaveLength(4);
    // A box given out is a copy: apexcharts may change it without changing the kept one.
    const box = graphics.getTextRects('Seg', 12, 'Noto Sans');
    box.width = 0;
    expect(graphics.getTextRects('Seg', 12, 'Noto Sans').width).toBe(21);
    // Every other Graphics (each module of a chart has its own) shares the prototype's.
    keepTextMeasures(chart);
    expect(asked).toHaveLength(4);
  });

  it('keep no empty box (a chart drawn hidden), and start again past their bound', () => {
    let hidden = true;
    const { chart, graphics, asked } = fakeChart((text) =>
      hidden ? { width: 0, height: 0 } : { width: text.length, height: 10 },
    );
    keepTextMeasures(chart);
    graphics.getTextRects('Qua', 12);
    hidden = false;
    expect(graphics.getTextRects('Qua', 12)).toEqual({ width: 3, height: 10 });
    expect(asked).toHaveLength(2);
    for (let index = 0; index < KEPT_MEASURES; index++) graphics.getTextRects(`label ${index}`, 12);
    graphics.getTextRects('Qua', 12);
    expect(asked).toHaveLength(2 + KEPT_MEASURES + 1);
  });

  it('leave an apexcharts without that method as it is', () => {
    expect(() => keepTextMeasures({ ctx: { graphics: {} } })).not.toThrow();
    expect(() => keepTextMeasures(null)).not.toThrow();
  });

  it('are what every chart asks for before it is drawn', async () => {
    render(<Chart type="bar" label="HH" testId="chart-kept" series={[{ name: 'HH', data: [1, 2] }]} />);
    const { chart } = await drawnLive<{ chart: { events: { beforeMount: (chart: unknown) => void } } }>('chart-kept');
    const { chart: apex, graphics, asked } = fakeChart();
    chart.events.beforeMount(apex);
    graphics.getTextRects('Sex', 12);
    graphics.getTextRects('Sex', 12);
    expect(asked).toHaveLength(1);
  });
});
