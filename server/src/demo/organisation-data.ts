import type {
  BrazilianState,
  OccurrenceCategory,
  OccurrenceClassification,
  ReportingPeriod,
} from '@canteiro/shared/domain';

/**
 * What the demo shows in Administration: three bases in three states, their works and
 * contracts, and the occurrence list of DOMAIN.md §4 (people-data.ts: staff). Fixed values,
 * so every reset gives the same screens. The first base, work and contract are those of
 * the six demo accounts (seed.ts).
 */

export interface DemoBase {
  name: string;
  state: BrazilianState;
  isActive?: boolean;
}

export interface DemoWork {
  base: string;
  name: string;
  prj: string;
  description: string;
  startDate: string;
  endDate: string;
  isActive?: boolean;
}

export interface DemoContract {
  work: string;
  name: string;
  description: string;
  reportingGoal: number;
  reportingPeriod: ReportingPeriod;
  /** The lab's targets, percent (docs/dashboards.md, "Targets"); none when left out. */
  valueAddingTarget?: number;
  complianceTarget?: number;
  isActive?: boolean;
}

export const DEMO_BASES: readonly DemoBase[] = [
  { name: 'Base São Paulo', state: 'SP' },
  { name: 'Base Rio de Janeiro', state: 'RJ' },
  { name: 'Base Belo Horizonte', state: 'MG' },
];

export const DEMO_WORKS: readonly DemoWork[] = [
  {
    base: 'Base São Paulo',
    name: 'Residencial Parque das Araucárias',
    prj: 'PRJ-2041',
    description: 'Condomínio residencial de duas torres de 18 pavimentos, com subsolo e área de lazer.',
    startDate: '2026-01-12',
    endDate: '2027-09-30',
  },
  {
    base: 'Base São Paulo',
    name: 'Edifício Corporativo Faria Lima',
    prj: 'PRJ-2057',
    description: 'Torre comercial de 24 andares com três subsolos de garagem.',
    startDate: '2025-08-04',
    endDate: '2027-03-31',
  },
  {
    base: 'Base Rio de Janeiro',
    name: 'Hospital Regional da Barra',
    prj: 'PRJ-3012',
    description: 'Hospital de 220 leitos: estrutura, instalações e acabamentos.',
    startDate: '2025-11-03',
    endDate: '2027-12-17',
  },
  {
    base: 'Base Rio de Janeiro',
    name: 'Conjunto Habitacional Madureira',
    prj: 'PRJ-3020',
    description: 'Oito blocos de cinco pavimentos em alvenaria estrutural.',
    startDate: '2026-02-02',
    endDate: '2027-06-30',
  },
  {
    base: 'Base Belo Horizonte',
    name: 'Centro Logístico Contagem',
    prj: 'PRJ-4005',
    description: 'Galpão logístico de 40 000 m² em estrutura pré-moldada.',
    startDate: '2025-06-02',
    endDate: '2026-10-30',
  },
  {
    base: 'Base Belo Horizonte',
    name: 'Escola Estadual Pampulha — Reforma',
    prj: 'PRJ-4011',
    description: 'Reforma e ampliação de escola; obra suspensa aguardando aditivo.',
    startDate: '2025-03-10',
    endDate: '2026-02-27',
    isActive: false,
  },
];

/**
 * The contracts that are reported (active, under an active work) walk every 30 minutes as
 * DOMAIN.md §4 says, and their goal (walks per reporter per day) fits in the 18 walks of a
 * 07:00–17:00 day with the lunch hour off; the inactive Geotec keeps its 60 minutes.
 */
export const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    work: 'Residencial Parque das Araucárias',
    name: 'Construtora Alvorada — Estrutura',
    description: 'Estrutura de concreto armado das torres A e B: formas, armação e concretagem.',
    reportingGoal: 16,
    reportingPeriod: 30,
    valueAddingTarget: 50,
    complianceTarget: 90,
  },
  {
    work: 'Residencial Parque das Araucárias',
    name: 'Fênix Instalações — Elétrica',
    description: 'Instalações elétricas e de dados das duas torres.',
    reportingGoal: 12,
    reportingPeriod: 30,
    valueAddingTarget: 45,
  },
  {
    work: 'Edifício Corporativo Faria Lima',
    name: 'Serra Azul — Vedações',
    description: 'Alvenaria de vedação e drywall dos pavimentos-tipo.',
    reportingGoal: 16,
    reportingPeriod: 30,
  },
  {
    work: 'Edifício Corporativo Faria Lima',
    name: 'Geotec Fundações',
    description: 'Estacas hélice contínua e blocos de coroamento.',
    reportingGoal: 8,
    reportingPeriod: 60,
    isActive: false,
  },
  {
    work: 'Hospital Regional da Barra',
    name: 'Atlântica Engenharia — Estrutura',
    description: 'Estrutura de concreto e lajes protendidas.',
    reportingGoal: 16,
    reportingPeriod: 30,
  },
  {
    work: 'Hospital Regional da Barra',
    name: 'Hidrotécnica — Instalações Hidráulicas',
    description: 'Água fria, água quente, esgoto e gases medicinais.',
    reportingGoal: 12,
    reportingPeriod: 30,
  },
  {
    work: 'Conjunto Habitacional Madureira',
    name: 'Bloco Forte — Alvenaria Estrutural',
    description: 'Alvenaria estrutural dos oito blocos.',
    reportingGoal: 16,
    reportingPeriod: 30,
  },
  {
    work: 'Centro Logístico Contagem',
    name: 'Premoldar — Montagem',
    description: 'Montagem de pilares, vigas e telhas pré-moldadas.',
    reportingGoal: 10,
    reportingPeriod: 30,
  },
  {
    work: 'Escola Estadual Pampulha — Reforma',
    name: 'Reforma Minas — Acabamentos',
    description: 'Pisos, revestimentos e pintura.',
    reportingGoal: 8,
    reportingPeriod: 30,
  },
];

export interface DemoOccurrence {
  name: string;
  category: OccurrenceCategory;
  classification: OccurrenceClassification;
  isActive?: boolean;
}

/** DOMAIN.md §2 and §4: value-adding work, then hidden and evident waste. */
export const DEMO_OCCURRENCES: readonly DemoOccurrence[] = [
  { name: 'Execução do serviço', category: 'labour', classification: 'value_adding' },
  { name: 'Operação de equipamento', category: 'equipment', classification: 'value_adding' },
  { name: 'Transporte de material', category: 'material', classification: 'hidden_waste' },
  { name: 'Preparação do serviço', category: 'planning', classification: 'hidden_waste' },
  { name: 'Limpeza', category: 'other', classification: 'hidden_waste' },
  { name: 'Recebendo instruções', category: 'planning', classification: 'hidden_waste' },
  { name: 'Buscando ferramentas', category: 'equipment', classification: 'hidden_waste' },
  { name: 'Medição', category: 'planning', classification: 'hidden_waste' },
  { name: 'Diálogo de segurança', category: 'safety', classification: 'hidden_waste' },
  { name: 'Aguardando material', category: 'material', classification: 'evident_waste' },
  { name: 'Ocioso', category: 'labour', classification: 'evident_waste' },
  { name: 'Conversando', category: 'labour', classification: 'evident_waste' },
  { name: 'Deslocamento sem carga', category: 'labour', classification: 'evident_waste' },
  { name: 'Retrabalho', category: 'planning', classification: 'evident_waste' },
  { name: 'Aguardando equipamento', category: 'equipment', classification: 'evident_waste' },
  { name: 'Aguardando frente de trabalho', category: 'planning', classification: 'evident_waste' },
  { name: 'Início tardio ou saída antecipada', category: 'labour', classification: 'evident_waste' },
  { name: 'Ausente', category: 'labour', classification: 'evident_waste' },
  { name: 'Paralisação por chuva', category: 'weather', classification: 'evident_waste' },
  { name: 'Acidente ou incidente', category: 'safety', classification: 'evident_waste', isActive: false },
];
