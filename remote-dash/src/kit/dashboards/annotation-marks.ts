import type { ApexOptions } from 'apexcharts';
import type { Annotation, RangeType } from '@canteiro/shared/domain';
import { bucketDays } from './drill-down';

type XAxisAnnotation = NonNullable<NonNullable<ApexOptions['annotations']>['xaxis']>[number];

/** The ink of annotations on every time axis: a neutral near-black, told by its label, never by hue alone. */
export const ANNOTATION_COLOUR = '#3d3d3d';

/** Longest label drawn on a chart: the whole one is in the list under the charts. */
const DRAWN_LABEL = 28;

/** A point of a time axis: the days it stands for and its category as drawn. */
export interface AxisPoint {
  from: string;
  to: string;
  category: string;
}

/**
 * A contract's annotations (docs/dashboards.md, "Annotations") on a time axis of categories:
 * each one as a shaded band from the first to the last point whose days meet its own (a line
 * when that is one point), labelled with its words at the top, towards the middle of the axis;
 * none when no point meets it.
 */
export function annotationMarks(annotations: readonly Annotation[], points: readonly AxisPoint[]): XAxisAnnotation[] {
  return annotations.flatMap((annotation) => {
    const covered = points.filter((point) => point.to >= annotation.from && point.from <= annotation.to);
    if (covered.length === 0) return [];
    const [first, last] = [covered[0]!, covered[covered.length - 1]!];
    // In the right half the label ends at its line (written leftwards): never cut by the chart's edge.
    const rightwards = points.indexOf(first) <= (points.length - 1) / 2;
    const text =
      annotation.label.length > DRAWN_LABEL ? `${annotation.label.slice(0, DRAWN_LABEL - 1)}…` : annotation.label;
    return [
      {
        x: first.category,
        ...(last === first ? {} : { x2: last.category }),
        borderColor: ANNOTATION_COLOUR,
        strokeDashArray: 3,
        fillColor: ANNOTATION_COLOUR,
        opacity: 0.08,
        label: {
          text,
          borderColor: ANNOTATION_COLOUR,
          orientation: 'horizontal',
          position: 'top',
          textAnchor: rightwards ? 'start' : 'end',
          offsetY: -2,
          style: { background: '#ffffff', color: ANNOTATION_COLOUR, fontSize: '11px' },
        },
      },
    ];
  });
}

/**
 * {@link annotationMarks} on an answer's axis of buckets of the range (a week's Monday, a
 * month's first day…): each bucket stands for its days within the dashboard's own.
 */
export function bucketMarks(
  answer: {
    annotations: readonly Annotation[];
    evolution: readonly { bucket: string }[];
    filters: { range: RangeType; from?: string | undefined; to?: string | undefined };
  },
  categories: readonly string[],
): XAxisAnnotation[] {
  return annotationMarks(
    answer.annotations,
    answer.evolution.map(({ bucket }, index) => ({
      ...bucketDays(bucket, answer.filters.range, answer.filters),
      category: categories[index]!,
    })),
  );
}
