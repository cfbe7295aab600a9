import { siteToday } from '../site-clock.js';
import {
  COMPANY_WEIGHTS,
  DEMO_DISCIPLINES,
  DEMO_FUNCTIONS,
  MACHINES,
  PACKAGES,
  PACKAGES_OF,
  RENTAL_COMPANIES,
} from './catalogue-data.js';
import type { DemoActivity, DemoArea, DemoCatalogue, Discipline } from './catalogue-data.js';

/**
 * Each demo contract's catalogue, drawn from catalogue-data.ts: deterministic, the same
 * contract (by its position in the demo list) gets the same catalogue on every reset,
 * whatever the day; only the dates move with it.
 */

/** mulberry32: a small seeded generator, so every reset draws the same numbers (and every bench run). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/** `YYYY-MM-DD`, `days` after `today` (a UTC midnight). */
function day(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The site's today (`siteToday`) as a UTC midnight: dates are plain calendar days. */
export function seedDay(timeZone: string, now: Date | number = Date.now()): Date {
  return new Date(`${siteToday(timeZone, now)}T00:00:00Z`);
}

function areasOf(random: () => number): DemoArea[] {
  const towerFloors = between(random, 3, 4);
  const tower = (letter: string, discipline: Discipline): DemoArea => ({
    name: `Torre ${letter}`,
    discipline,
    locals: Array.from({ length: towerFloors }, (_, index) => ({
      name: `Torre ${letter} – ${index + 1}º pavimento`,
      block: `Pavimento tipo ${letter}${index + 1}`,
      packages: [...PACKAGES_OF[discipline]],
    })),
  });
  return [
    tower('A', 'Estrutura'),
    tower('B', 'Alvenaria'),
    {
      name: 'Subsolo',
      discipline: 'Instalações hidráulicas',
      locals: [
        { name: 'Subsolo – Garagem', block: 'Garagem G1', packages: [...PACKAGES_OF['Instalações hidráulicas']] },
        { name: 'Subsolo – Casa de bombas', block: 'Casa de bombas', packages: ['Água fria'] },
      ],
    },
    {
      name: 'Prumadas',
      discipline: 'Instalações elétricas',
      locals: [
        { name: 'Prumada elétrica – Torre A', block: 'Shaft elétrico A', packages: ['Infraestrutura elétrica'] },
        {
          name: 'Prumada elétrica – Torre B',
          block: 'Shaft elétrico B',
          packages: [...PACKAGES_OF['Instalações elétricas']],
        },
      ],
    },
    {
      name: 'Área comum',
      discipline: 'Acabamento',
      locals: [
        { name: 'Área comum – Térreo', block: 'Hall e circulações', packages: [...PACKAGES_OF.Acabamento] },
        { name: 'Área comum – Cobertura', block: 'Cobertura e barrilete', packages: ['Revestimento'] },
      ],
    },
  ];
}

/** Every task of every package of every floor, in order: the activities are drawn from them. */
function slotsOf(areas: DemoArea[]) {
  return areas.flatMap((area) =>
    area.locals.flatMap((local) =>
      local.packages.flatMap((name) =>
        PACKAGES[name]!.tasks.map((task) => ({ task, kind: PACKAGES[name]!, area, local, package: name })),
      ),
    ),
  );
}

/**
 * Finished / in term / late for `count` activities: 55 % / 25 % / 20 %, rounded, in a
 * shuffled order so statuses mix across floors.
 */
function statusesOf(count: number, random: () => number): ('finished' | 'in_term' | 'late')[] {
  const finished = Math.round(count * 0.55);
  const late = Math.round(count * 0.2);
  const statuses = [
    ...Array<'finished'>(finished).fill('finished'),
    ...Array<'late'>(late).fill('late'),
    ...Array<'in_term'>(count - finished - late).fill('in_term'),
  ];
  for (let index = statuses.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [statuses[index], statuses[other]] = [statuses[other]!, statuses[index]!];
  }
  return statuses;
}

/**
 * The catalogue of the demo contract at `position` (0, 1, …), dated around `today`. Late
 * activities ended at least two days ago and activities in term end two days from now or
 * later, so the shares hold whatever the site's time zone and the hour of the seed.
 */
export function demoCatalogue(position: number, today: Date): DemoCatalogue {
  const random = seededRandom(0x5eed + position * 7919);
  const areas = areasOf(random);
  const slots = slotsOf(areas);
  const count = Math.min(slots.length, between(random, 25, 40));
  // An even spread over the floors: every (slots/count)-th task.
  const chosen = Array.from({ length: count }, (_, index) => slots[Math.floor((index * slots.length) / count)]!);
  const statuses = statusesOf(count, random);
  const activities = chosen.map((slot, index): DemoActivity => {
    const quantity = round(
      between(random, slot.kind.quantity[0], slot.kind.quantity[1]),
      slot.kind.unit === 'kg' ? 50 : 5,
    );
    // Planned RUP ~10 % better than the reference, with some spread between tasks.
    const rup = slot.kind.rup * 0.9 * (0.85 + random() * 0.3);
    const hhCount = Math.max(1, Math.round(quantity * rup));
    // Spread over the twelve weeks the demo reports cover (reports-data: only activities in
    // progress are observed), so every week has work going on: finished ones ended up to
    // eleven weeks ago, late ones go on past their end, and most in term have started.
    const length = between(random, 14, 35);
    const status = statuses[index]!;
    const end =
      status === 'finished'
        ? -between(random, 3, 75)
        : status === 'late'
          ? -between(random, 2, 20)
          : between(random, 2, 40);
    return {
      name: slot.task,
      area: slot.area.name,
      local: slot.local.name,
      block: slot.local.block,
      package: slot.package,
      measureUnit: slot.kind.unit,
      hhCount,
      quantity,
      startDate: day(today, end - length),
      endDate: day(today, end),
      isFinished: status === 'finished',
    };
  });
  const machines = between(random, 6, 10);
  const equipment = MACHINES.slice(0, machines).map((machine, index) => ({
    ...machine,
    // The first six machines from six different companies, the rest by weight.
    company: index < 6 ? RENTAL_COMPANIES[(index + position) % 6]! : weighted(random),
  }));
  return {
    disciplines: DEMO_DISCIPLINES.map((name) => ({ name })),
    areas,
    activities,
    functions: [...DEMO_FUNCTIONS],
    equipment,
  };
}

function weighted(random: () => number): string {
  const total = COMPANY_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  let draw = random() * total;
  for (const [index, weight] of COMPANY_WEIGHTS.entries()) {
    draw -= weight;
    if (draw < 0) return RENTAL_COMPANIES[index]!;
  }
  return RENTAL_COMPANIES[0]!;
}

/**
 * A large contract (the scale command): `copies` demo catalogues side by side, as if the
 * contract built that many sites, their areas, locals, blocks and machines told apart by a
 * suffix (names are unique per contract). Disciplines and trades are shared.
 */
export function scaledCatalogue(position: number, copies: number, today: Date): DemoCatalogue {
  if (copies <= 1) return demoCatalogue(position, today);
  const parts = Array.from({ length: copies }, (_, copy) => {
    const catalogue = demoCatalogue(position * 1000 + copy, today);
    const named = (name: string) => `${name} · S${copy + 1}`;
    return {
      areas: catalogue.areas.map((area) => ({
        ...area,
        name: named(area.name),
        locals: area.locals.map((local) => ({ ...local, name: named(local.name), block: named(local.block) })),
      })),
      activities: catalogue.activities.map((activity) => ({
        ...activity,
        area: named(activity.area),
        local: named(activity.local),
        block: named(activity.block),
      })),
      equipment: catalogue.equipment.map((item) => ({ ...item, specification: named(item.specification) })),
    };
  });
  return {
    disciplines: DEMO_DISCIPLINES.map((name) => ({ name })),
    areas: parts.flatMap((part) => part.areas),
    activities: parts.flatMap((part) => part.activities),
    functions: [...DEMO_FUNCTIONS],
    equipment: parts.flatMap((part) => part.equipment),
  };
}
