import { render, screen } from '@testing-library/react';
import { i18n } from '@canteiro/shared/core';
import type { OccurrenceImpact } from '@canteiro/shared/domain';
import { registerKitTranslations } from '@canteiro/shared/ui';
import { serve } from '../../../shared/test/network';
import { impactLines, occurrenceImpactStep } from '../features/resources/occurrence-impact';
import { occurrenceResource } from '../features/resources/people';
import { enUS } from '../i18n/en-US';
import { ptBR } from '../i18n/pt-BR';

/** An occurrence moved to another class: before it is saved, what it rewrites, asked twice. */
beforeAll(() => {
  registerKitTranslations();
  i18n.addResourceBundle('pt-BR', 'admin', ptBR, true, true);
  i18n.addResourceBundle('en-US', 'admin', enUS, true, true);
});

const waiting = { id: 5, name: 'Aguardando material', classification: 'evident_waste' };
const impact: OccurrenceImpact = {
  observations: 1234,
  contracts: 2,
  shares: [
    {
      contract: 1,
      contractName: 'Construtora Alvorada — Estrutura',
      observations: 1000,
      before: { valueAdding: 0.44, hiddenWaste: 0.338, evidentWaste: 0.222 },
      after: { valueAdding: 0.44, hiddenWaste: 0.408, evidentWaste: 0.152 },
    },
    {
      contract: 2,
      contractName: 'Fênix Instalações — Elétrica',
      observations: 234,
      before: { valueAdding: 0.5, hiddenWaste: 0.3, evidentWaste: 0.2 },
      after: { valueAdding: 0.5, hiddenWaste: 0.35, evidentWaste: 0.15 },
    },
  ],
};

test("names each contract's shares that move, and only those", () => {
  expect(impactLines(impact, i18n.t, 'pt-BR')).toEqual([
    'Construtora Alvorada — Estrutura: perda oculta 33,8% → 40,8%, perda evidente 22,2% → 15,2%',
    'Fênix Instalações — Elétrica: perda oculta 30,0% → 35,0%, perda evidente 20,0% → 15,0%',
  ]);
});

test('asks only when the class changes, after reading the impact from the server', async () => {
  const requests: string[] = [];
  serve((request) => {
    const url = new URL(request.url);
    requests.push(url.pathname + url.search);
    return new Response(JSON.stringify(impact), { headers: { 'content-type': 'application/json' } });
  });
  expect(await occurrenceImpactStep(waiting, 'evident_waste', i18n.t, 'pt-BR')).toBeNull();
  expect(requests).toEqual([]);
  const step = await occurrenceImpactStep(waiting, 'hidden_waste', i18n.t, 'pt-BR');
  expect(requests).toEqual(['/api/occurrences/5/impact?classification=hidden_waste']);
  expect(step?.title).toBe('Mudar a classe de Aguardando material?');
  render(<>{step?.text}</>);
  expect(screen.getByTestId('impact-summary')).toHaveTextContent(
    'Isto reescreve o histórico: 1.234 observações em 2 contratadas mudam de classe',
  );
  expect(screen.getByText(/Construtora Alvorada — Estrutura: perda oculta/)).toBeInTheDocument();
  expect(occurrenceResource.confirmSave).toBeDefined();
});
