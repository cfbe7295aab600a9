import { render, screen } from '@testing-library/react';
import { Button, Col, Row } from 'antd';
import { createRequire } from 'node:module';

// The jest environment's own helper (CommonJS, beside jsdom-environment.cjs).
const { shownStyles } = createRequire(__filename)('../shown-styles.cjs') as { shownStyles: (css: string) => string };

describe("what jsdom keeps of antd's styles", () => {
  it('keeps the rules that say whether an element shows, with only those declarations', () => {
    expect(shownStyles('.a{color:red;display:none}.b{margin:0}.c{visibility:hidden;padding:1px;opacity:0}')).toBe(
      '.a{display:none}.c{visibility:hidden;opacity:0}',
    );
  });

  it('keeps @media and @layer blocks around what they hold, and drops keyframes, fonts and statements', () => {
    const css =
      '@layer antd, app;@media (max-width: 576px){.x{display:none}.y{color:red}}@media print{.z{color:red}}' +
      '@keyframes fade{0%{opacity:0}100%{opacity:1}}@font-face{font-family:x;src:url(a.woff)}' +
      '@layer antd{.w{display:flex}}';
    expect(shownStyles(css)).toBe('@media (max-width: 576px){.x{display:none}}@layer antd{.w{display:flex}}');
  });

  it('reads past braces and semicolons inside strings and url(…)', () => {
    const css =
      '.q::before{content:"};{";display:inline-block}.u{background:url(data:image/png;base64,AA==);display:block}';
    expect(shownStyles(css)).toBe('.q::before{display:inline-block}.u{display:block}');
  });

  it('leaves what antd hides hidden: a role query does not find a button in a zero-width column', () => {
    render(
      <Row>
        <Col span={0}>
          <Button>Escondido</Button>
        </Col>
        <Col span={24}>
          <Button>Visível</Button>
        </Col>
      </Row>,
    );
    expect(screen.getByRole('button', { name: 'Visível' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Escondido' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escondido', hidden: true })).toBeInTheDocument();
    // antd wrote its whole style; the sheet jsdom matches holds only what shows or hides.
    const antdStyles = [...document.querySelectorAll('style[data-rc-order]')];
    expect(antdStyles.length).toBeGreaterThan(0);
    expect(antdStyles.some((style) => /color:/.test(style.innerHTML))).toBe(true);
    for (const style of antdStyles) expect(style.textContent).not.toMatch(/color:/);
  });
});
