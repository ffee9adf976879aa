import { designTokens, injectDesignTokens, tokensCss } from '../src/tokens';

describe('design tokens', () => {
  it('puts every token in one :root rule', () => {
    const css = tokensCss();
    expect(css.startsWith(':root{')).toBe(true);
    expect(css.endsWith('}')).toBe(true);
    const entries = Object.entries(designTokens);
    expect(entries.length).toBe(29);
    for (const [name, value] of entries) expect(css).toContain(`${name}:${value}`);
    expect(css.slice(':root{'.length, -1).split(';')).toEqual(entries.map(([name, value]) => `${name}:${value}`));
    expect(css).toContain(':root{--sm-color-primary:#1f4e79;--sm-color-primary-hover:#163a5c;');
    expect(css).toContain('--sm-max-width:1200px}');
  });

  it('injects the style once in the document head', () => {
    injectDesignTokens();
    injectDesignTokens();
    const styles = document.head.querySelectorAll('style#sm-design-tokens');
    expect(styles).toHaveLength(1);
    // the tokens come first; the kernel's own component styles may follow them
    expect(styles[0]?.textContent?.startsWith(tokensCss())).toBe(true);
    expect(document.querySelectorAll('#sm-design-tokens')).toHaveLength(1);
  });

  it('injects into another document', () => {
    const doc = document.implementation.createHTMLDocument('autre');
    injectDesignTokens(doc);
    injectDesignTokens(doc);
    expect(doc.head.querySelectorAll('style#sm-design-tokens')).toHaveLength(1);
    expect(doc.getElementById('sm-design-tokens')?.textContent?.startsWith(tokensCss())).toBe(true);
    expect(document.querySelectorAll('#sm-design-tokens')).toHaveLength(1);
  });
});
