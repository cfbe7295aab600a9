// What jsdom keeps of antd's injected styles: only the declarations that decide whether an
// element shows (display, visibility, opacity), in their rules and @media blocks.
//
// Why: jsdom's getComputedStyle matches every rule of every sheet against the element and its
// ancestors, and Testing Library asks it for each candidate of a role query (is it hidden?).
// antd injects ~3 100 rules, of which ~420 say anything about showing; with all of them a
// screen-wide `getByRole` over a 20-row table took ~10 s (list-and-focus: 77 s → 17 s for its
// 11 tests, docs/testing.md). Colours, sizes and spacing are never asserted under jsdom (no
// layout), so a hidden popup, tab or form item stays hidden and everything else stays as shown.

const SHOWN = new Set(['display', 'visibility', 'opacity']);

/** Each character of `text` from `start` that lies outside a quoted string, with its index. */
function* outsideStrings(text, start = 0) {
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else yield [i, c];
  }
}

/** The index of the `}` that closes the block opened just before `start`. */
function blockEnd(css, start) {
  let depth = 1;
  for (const [i, c] of outsideStrings(css, start)) {
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** A block's declarations split at the `;` outside strings and parentheses, those that show kept. */
function declarations(body) {
  const parts = [];
  let depth = 0;
  let from = 0;
  for (const [i, c] of outsideStrings(body)) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      parts.push(body.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(body.slice(from));
  return parts.filter((part) => SHOWN.has(part.slice(0, part.indexOf(':')).trim().toLowerCase()));
}

/** `css` with only the rules that say whether an element shows, and only those declarations. */
function shownStyles(css) {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    // A statement (`@layer a, b;`, `@import …;`) before the next block says nothing about showing.
    if (semicolon !== -1 && (open === -1 || semicolon < open) && css.slice(i, semicolon).trim().startsWith('@')) {
      i = semicolon + 1;
      continue;
    }
    if (open === -1) break;
    const prelude = css.slice(i, open).trim();
    const close = blockEnd(css, open + 1);
    const body = css.slice(open + 1, close);
    i = close + 1;
    if (prelude.startsWith('@')) {
      // Grouping rules hold rules; the others (@keyframes, @font-face, @property) do not show anything.
      if (!/^@(media|supports|layer|container)\b/i.test(prelude)) continue;
      const inner = shownStyles(body);
      if (inner) out += `${prelude}{${inner}}`;
    } else {
      const kept = declarations(body);
      if (kept.length) out += `${prelude}{${kept.join(';')}}`;
    }
  }
  return out;
}

/**
 * antd's style nodes (rc-util's dynamicCSS marks them `data-rc-order` and writes them with
 * `innerHTML`) get only what says whether an element shows; reading `innerHTML` back gives the
 * text antd wrote, so its "is this style already there" comparison still holds.
 */
function keepOnlyShownStyles(window) {
  const inner = Object.getOwnPropertyDescriptor(window.Element.prototype, 'innerHTML');
  const written = new WeakMap();
  Object.defineProperty(window.HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get() {
      return written.has(this) ? written.get(this) : inner.get.call(this);
    },
    set(css) {
      if (!this.hasAttribute('data-rc-order')) {
        inner.set.call(this, css);
        return;
      }
      written.set(this, css);
      inner.set.call(this, shownStyles(String(css)));
    },
  });
}

module.exports = { shownStyles, keepOnlyShownStyles };
