/** The Management module's namespace (`management`) in Portuguese. */
export const ptBR = {
  menu: {
    start: 'Gerencial',
    discipline: 'Disciplinas',
    area: 'Áreas',
    local: 'Locais',
    block: 'Blocos',
    package: 'Pacotes',
    activity: 'Atividades',
    function: 'Funções',
    equipment: 'Equipamentos',
  },
  routes: {
    start: { title: 'Gerencial', description: 'O catálogo do canteiro de cada contratada.' },
    discipline: { title: 'Disciplinas', description: 'Disciplinas de cada contratada.' },
    area: { title: 'Áreas', description: 'Áreas de cada disciplina.' },
    local: { title: 'Locais', description: 'Locais de cada área.' },
    block: { title: 'Blocos', description: 'Blocos de cada local.' },
    package: { title: 'Pacotes', description: 'Pacotes de serviço de cada bloco.' },
    activity: { title: 'Atividades', description: 'Atividades planejadas, com HH e quantidades.' },
    function: { title: 'Funções', description: 'Funções (ofícios) das equipes.' },
    equipment: { title: 'Equipamentos', description: 'Equipamentos de cada contratada.' },
  },
  welcome: {
    title: 'Bem-vindo ao módulo Gerencial',
    text: 'Aqui você mantém o catálogo do canteiro de cada contratada: disciplinas, áreas, locais, blocos, pacotes, atividades, funções e equipamentos que os apontadores usam em campo.',
    hint: 'Escolha uma opção no menu ao lado e selecione a contratada.',
  },
} as const;
