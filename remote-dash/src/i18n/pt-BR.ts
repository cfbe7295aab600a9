/** The Dashboards module's namespace (`dash`) in Portuguese. */
export const ptBR = {
  menu: {
    start: 'Dashboards',
    projectHealth: 'Saúde do projeto',
    byFunction: 'Por função',
    routine: 'Rotina',
    equipmentDash: 'Equipamentos',
    performance: 'Desempenho',
    activityReport: 'Relatório de atividades',
    equipmentReport: 'Relatório de equipamentos',
    quantityReport: 'Relatório de quantidades',
  },
  routes: {
    start: { title: 'Dashboards', description: 'Indicadores de produtividade das obras.' },
    equipmentReport: { title: 'Relatório de equipamentos', description: 'Apontamentos de equipamentos em campo.' },
    quantityReport: { title: 'Relatório de quantidades', description: 'Quantidades produzidas apontadas em campo.' },
    projectHealth: {
      title: 'Saúde do projeto',
      description: 'Índices e HH de agrega valor, perda oculta e perda evidente.',
    },
    byFunction: { title: 'Por função', description: 'HH, pessoas e ocorrências de cada função.' },
    routine: { title: 'Rotina', description: 'HH hora a hora ao longo do dia.' },
    equipment: { title: 'Equipamentos', description: 'Utilização e ocorrências dos equipamentos.' },
    performance: { title: 'Desempenho', description: 'Produtividade por pacote e por local.' },
  },
  welcome: {
    title: 'Bem-vindo aos Dashboards',
    text: 'Acompanhe como as equipes usam o tempo: agrega valor, perda oculta e perda evidente, em homens-hora, por função, rotina, equipamento e desempenho.',
    hint: 'Escolha um painel no menu ao lado e selecione a contratada.',
  },
} as const;
