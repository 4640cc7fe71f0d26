// LaTeX → Unicode for display and search. Applied per field, on demand (a 4,800-entry .bib has ~100,000 field
// values and the index needs only a handful of them per entry). Raw values stay untouched for output.
import { SUBSCRIPT_OF, SUPERSCRIPT_OF } from '../text/scripts';

/** Accent commands → Unicode combining marks, applied to the first character of their argument. */
const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030c',
  H: '\u030b',
  c: '\u0327',
  k: '\u0328',
  r: '\u030a',
  d: '\u0323',
  b: '\u0331',
  t: '\u0361',
  G: '\u030f',
  U: '\u030e',
  ocirc: '\u030a',
  bar: '\u0304',
  overline: '\u0305',
  hat: '\u0302',
  tilde: '\u0303',
  vec: '\u20d7',
  dot: '\u0307',
  ddot: '\u0308',
  acute: '\u0301',
  grave: '\u0300',
  breve: '\u0306',
  check: '\u030c',
};

/** Letter-like commands: TeX swallows the space after them (`Stra\ss e` is "Straße"). */
const LETTERS: Record<string, string> = {
  ss: 'ß', SS: 'SS', o: 'ø', O: 'Ø', aa: 'å', AA: 'Å', ae: 'æ', AE: 'Æ', oe: 'œ', OE: 'Œ', l: 'ł', L: 'Ł',
  i: 'ı', j: 'ȷ', dh: 'ð', DH: 'Ð', th: 'þ', TH: 'Þ', dj: 'đ', DJ: 'Đ', ng: 'ŋ', NG: 'Ŋ',
};

/** Word-like commands with a fixed rendering. Unknown argument-less commands render as their own name. */
const SYMBOLS: Record<string, string> = {
  // Punctuation and text symbols
  ldots: '…', dots: '…', cdots: '⋯', textellipsis: '…', textendash: '–', textemdash: '—',
  textquoteleft: '‘', textquoteright: '’', textquotedblleft: '“', textquotedblright: '”', lq: '‘', rq: '’',
  guillemotleft: '«', guillemotright: '»', guillemetleft: '«', guillemetright: '»', guilsinglleft: '‹',
  guilsinglright: '›', quotedblbase: '„', quotesinglbase: '‚', textquotesingle: "'", textquotedbl: '"',
  S: '§', P: '¶', dag: '†', ddag: '‡', textdagger: '†', textdaggerdbl: '‡', textsection: '§', textparagraph: '¶',
  copyright: '©', textcopyright: '©', textregistered: '®', texttrademark: '™', pounds: '£', textsterling: '£',
  euro: '€', texteuro: '€', textyen: '¥', textcent: '¢', textdollar: '$', textunderscore: '_', textbackslash: '\\',
  backslash: '\\', textasciitilde: '~', textasciicircum: '^', textbar: '|', textless: '<', textgreater: '>',
  textbullet: '•', textperiodcentered: '·', textdegree: '°', textordfeminine: 'ª', textordmasculine: 'º',
  textonehalf: '½', textonequarter: '¼', textthreequarters: '¾', textexclamdown: '¡', textquestiondown: '¿',
  textmu: 'µ', textperthousand: '‰', textbraceleft: '{', textbraceright: '}', textasteriskcentered: '*',
  textvisiblespace: '␣', textnumero: '№', textmusicalnote: '♪', checkmark: '✓', emdash: '—', endash: '–',
  Dash: '—', slash: '/', hyphen: '-', bs: '\\', textslash: '/', hookrightarrow: '↪', hookleftarrow: '↩',
  longrightarrow: '⟶', Longrightarrow: '⟹', iff: '⟺', implies: '⟹', cdotp: '·', ldotp: '.', deg: '°',
  // Latin abbreviations that paper templates define as macros (CVPR's \eg, \ie, \etal).
  eg: 'e.g.', ie: 'i.e.', etal: 'et al.', etc: 'etc.', wrt: 'w.r.t.', vs: 'vs.', cf: 'cf.', aka: 'a.k.a.',
  // Spacing
  quad: ' ', qquad: ' ', enspace: ' ', thinspace: ' ', space: ' ', nobreakspace: ' ', hfill: ' ', hskip: ' ',
  newline: ' ', linebreak: ' ', par: ' ', break: ' ',
  // Math
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ϵ', varepsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  vartheta: 'ϑ', iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', pi: 'π', varpi: 'ϖ', rho: 'ρ',
  varrho: 'ϱ', sigma: 'σ', varsigma: 'ς', tau: 'τ', upsilon: 'υ', phi: 'ϕ', varphi: 'φ', chi: 'χ', psi: 'ψ',
  omega: 'ω', Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Upsilon: 'Υ',
  Phi: 'Φ', Psi: 'Ψ', Omega: 'Ω', times: '×', div: '÷', pm: '±', mp: '∓', le: '≤', leq: '≤', ge: '≥', geq: '≥',
  neq: '≠', ne: '≠', approx: '≈', equiv: '≡', sim: '∼', simeq: '≃', cong: '≅', propto: '∝', infty: '∞',
  cdot: '·', circ: '∘', bullet: '•', star: '⋆', ast: '∗', partial: '∂', nabla: '∇', sum: '∑', prod: '∏',
  int: '∫', oint: '∮', sqrt: '√', ell: 'ℓ', hbar: 'ℏ', aleph: 'ℵ', emptyset: '∅', varnothing: '∅', in: '∈',
  notin: '∉', ni: '∋', subset: '⊂', subseteq: '⊆', supset: '⊃', supseteq: '⊇', cup: '∪', cap: '∩',
  forall: '∀', exists: '∃', neg: '¬', lnot: '¬', wedge: '∧', land: '∧', vee: '∨', lor: '∨', oplus: '⊕',
  otimes: '⊗', to: '→', rightarrow: '→', leftarrow: '←', gets: '←', leftrightarrow: '↔', Rightarrow: '⇒',
  Leftarrow: '⇐', Leftrightarrow: '⇔', mapsto: '↦', uparrow: '↑', downarrow: '↓', ll: '≪', gg: '≫',
  langle: '⟨', rangle: '⟩', lceil: '⌈', rceil: '⌉', lfloor: '⌊', rfloor: '⌋', mid: '|', vert: '|', Vert: '‖',
  perp: '⊥', parallel: '∥', angle: '∠', triangle: '△', prime: '′', surd: '√', top: '⊤', bot: '⊥',
  lbrace: '{', rbrace: '}', colon: ':', log: 'log', ln: 'ln', exp: 'exp', sin: 'sin', cos: 'cos', max: 'max',
  min: 'min', lim: 'lim', lg: 'lg', tan: 'tan', sup: 'sup', inf: 'inf', det: 'det', dim: 'dim', arg: 'arg', gcd: 'gcd',
  ker: 'ker', Pr: 'Pr', odot: '⊙',
  // The AAS macros for the Sun and the Earth that .bib files exported from ADS carry ("10$^{10}$ M$_\sun$"), as the
  // symbols LaTeX output can set without a package.
  sun: '⊙', earth: '⊕',
  // Logos whose rendering differs from their command name
  LaTeXe: 'LaTeX2ε', AmSTeX: 'AMS-TeX', AMSTeX: 'AMS-TeX', AmSLaTeX: 'AMS-LaTeX', AMSLaTeX: 'AMS-LaTeX',
  AmS: 'AMS', MF: 'METAFONT', MP: 'MetaPost', eTeX: 'ε-TeX', TUB: 'TUGboat', BibTeX: 'BibTeX', TeX: 'TeX',
  LaTeX: 'LaTeX', XeTeX: 'XeTeX', XeLaTeX: 'XeLaTeX', LuaTeX: 'LuaTeX', LuaLaTeX: 'LuaLaTeX',
  // Journal macros of the AAS/A&A styles, common in astronomy .bib files exported from ADS.
  aj: 'The Astronomical Journal', apj: 'The Astrophysical Journal', apjl: 'The Astrophysical Journal Letters',
  apjs: 'The Astrophysical Journal Supplement Series', aap: 'Astronomy & Astrophysics', aapr: 'The Astronomy and Astrophysics Review',
  aaps: 'Astronomy & Astrophysics Supplement Series', mnras: 'Monthly Notices of the Royal Astronomical Society',
  araa: 'Annual Review of Astronomy and Astrophysics', pasp: 'Publications of the Astronomical Society of the Pacific',
  pasj: 'Publications of the Astronomical Society of Japan', pasa: 'Publications of the Astronomical Society of Australia',
  nat: 'Nature', icarus: 'Icarus', prd: 'Physical Review D', physrep: 'Physics Reports', jcap: 'Journal of Cosmology and Astroparticle Physics',
  solphys: 'Solar Physics', ssr: 'Space Science Reviews', na: 'New Astronomy', nar: 'New Astronomy Reviews', procspie: 'Proceedings of the SPIE',
};

/** Punctuation-like symbols after which TeX's swallowed space matters. */
const JOINING_SYMBOLS = new Set(['slash', 'textslash', 'emdash', 'endash', 'Dash', 'hyphen', 'textendash', 'textemdash']);

/** Plain TeX font switches by name pattern (`{\eightrm X}`, `{\ninesmc X}`, `{\sltt X}`): print nothing. */
const FONT_SWITCH = /^(?:(?:five|six|seven|eight|nine|ten|eleven|twelve)?(?:rm|it|bf|sl|tt|sf|sc|smc|ssf|sltt|slc|bi)|(?:rm|it|bf|sl|tt|sf|sc|smc)(?:five|six|seven|eight|nine|ten)|SMC|SC)$/;

/** Commands followed by a TeX dimension (`\kern-.05em`, `\raise 0.5ex`): the dimension is not text. */
const TAKES_DIMENSION = new Set(['kern', 'mkern', 'hskip', 'vskip', 'mskip', 'raise', 'lower', 'moveleft', 'moveright']);

/** Commands whose argument is quoted text. */
const QUOTE_ARGUMENT = new Set(['enquote', 'mkbibquote', 'textquote']);

/** Commands that print nothing and take no argument (font switches, spacing tweaks). */
const SILENT = new Set([
  'em', 'it', 'bf', 'sc', 'rm', 'tt', 'sl', 'sf', 'up', 'md', 'normalfont', 'itshape', 'bfseries', 'scshape',
  'upshape', 'slshape', 'mdseries', 'rmfamily', 'sffamily', 'ttfamily', 'relax', 'protect', 'null', 'tiny',
  'scriptsize', 'footnotesize', 'small', 'normalsize', 'large', 'Large', 'LARGE', 'huge', 'Huge', 'displaystyle',
  'textstyle', 'scriptstyle', 'left', 'right', 'big', 'Big', 'bigg', 'Bigg', 'unskip', 'ignorespaces',
  'allowbreak', 'nobreak', 'noindent', 'mathstrut', 'strut', 'boldmath', 'unboldmath', 'frenchspacing', 'xspace',
  'hyphenation', 'discretionary', 'penalty', 'smash', 'llap', 'rlap', 'hbox', 'vbox', 'mbox', 'toenglish',
  'endtoenglish', 'nobreakdash',
]);

/** Commands whose (first) argument is dropped: sort hacks such as `\noopsort{1998}`. */
const DROP_ARGUMENT = new Set(['noopsort', 'sortnoop', 'SortNoop', 'noop', 'NOOP', 'label', 'index', 'footnote', 'hphantom', 'vphantom', 'phantom', 'vspace']);

/** Spacing commands with an argument (`\hspace{1em}`): a space. */
const SPACE_ARGUMENT = new Set(['hspace', 'hspace*']);

/**
 * Citation and cross-reference commands (\cite, \citep, \citet, \parencite, \autocite[..][..]{a,b}, \ref, …): their
 * keys are not text, so they print nothing, optional arguments included.
 */
const CITATION_COMMAND = /^(?:[a-z]*cite[a-z]*|[A-Z][a-z]*cite[a-z]*|Cite[a-z]*|(?:eq|auto|page|c|C|name)?ref)$/;

/** `\frac{1}{2}` is "1/2", not "12". */
const FRACTION = new Set(['frac', 'tfrac', 'dfrac', 'nicefrac', 'sfrac']);

/** Commands whose argument is printed verbatim, without any conversion. */
const VERBATIM_ARGUMENT = new Set(['url', 'path', 'verb', 'nolinkurl', 'doi']);

/** `\href{url}{text}`: the first argument is skipped, the second printed. */
const SKIP_FIRST_ARGUMENT = new Set(['href']);

/** `arg` raised or lowered when every character has a script form; undefined otherwise. */
function scriptForm(arg: string, forms: Readonly<Record<string, string>>): string | undefined {
  const chars = [...arg.replace(/\s+/g, '')];
  if (!chars.length || !chars.every((c) => lookup(forms, c) !== undefined)) return undefined;
  return chars.map((c) => forms[c]).join('');
}

/** Math operators that TeX sets upright with a space before them: `n\log n` is "n log n", not "nlog n". */
const OPERATOR_NAMES = new Set(['log', 'ln', 'lg', 'exp', 'sin', 'cos', 'tan', 'max', 'min', 'lim', 'sup', 'inf', 'det', 'dim', 'arg', 'gcd', 'ker', 'Pr']);

const NEEDS_CONVERSION = /[\\{}~$`'\-^_]/;
const NON_ASCII = /[^\x00-\x7f]/;

export function latexToUnicode(raw: string): string {
  if (!NEEDS_CONVERSION.test(raw)) {
    // Plain text: only whitespace to tidy (and NFC, for files saved with decomposed accents).
    const text = raw.replace(/\s+/g, ' ').trim();
    return NON_ASCII.test(text) ? withoutLigatures(text.normalize('NFC')) : text;
  }
  const converter = new Converter(raw);
  const out = converter.run(0, raw.length);
  return withoutLigatures(out.replace(/\s+/g, ' ').trim().normalize('NFC'));
}

/** "classiﬁcation" → "classification": an abstract pasted from a PDF keeps its ligature characters, which no search matches. */
function withoutLigatures(text: string): string {
  return text.replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC'));
}

/** Own-property lookup, so `\constructor` or `\toString` in a .bib is an unknown command, not Object's method. */
function lookup(table: Record<string, string>, name: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(table, name) ? table[name] : undefined;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Nesting levels the converter follows; below them a value is kept as plain text. Real titles nest a handful of levels;
 * the parser warns on a value that nests deeper than this.
 */
export const MAX_CONVERSION_DEPTH = 100;

class Converter {
  private mathMode = false;
  private depth = 0;
  /** Scripts that Unicode could not raise or lower, so far: a formula with one is kept as TeX. */
  private losses = 0;
  constructor(private readonly s: string) {}

  /**
   * A formula from `$`, `$$`, `\(` or `\[` at s[at] to its closing delimiter: in Unicode where that keeps its meaning
   * ("$O(n^2)$" → "O(n²)"), otherwise as the TeX it was ("$m^{1+o(1)}$" stays; "m1+o(1)" would state another bound),
   * always written between single dollars so that output to LaTeX or Markdown can pass it through as math.
   * Undefined when nothing closes it before `to`.
   */
  private formula(at: number, to: number): { text: string; end: number } | undefined {
    const s = this.s;
    const open = s.startsWith('$$', at) ? '$$' : s[at] === '$' ? '$' : s.slice(at, at + 2);
    const close = open === '\\(' ? '\\)' : open === '\\[' ? '\\]' : open;
    const from = at + open.length;
    let end = from;
    for (;;) {
      end = s.indexOf(close, end);
      if (end < 0 || end >= to) return undefined;
      if (close[0] !== '$' || s[end - 1] !== '\\') break;
      end++;
    }
    const losses = this.losses;
    this.mathMode = true;
    const converted = this.run(from, end);
    this.mathMode = false;
    const tex = s.slice(from, end).replace(/\s+/g, ' ').trim();
    // Inside a word it is a logo's lowered letter ("T${}_E$X"), read as the word.
    const inWord = /\p{L}/u.test(s[at - 1] ?? '') && /\p{L}/u.test(s[end + close.length] ?? '');
    return { text: this.losses > losses && tex && !inWord ? `$${tex}$` : converted, end: end + close.length };
  }

  /** Converts s[from, to). */
  run(from: number, to: number): string {
    // Each brace or command argument level recurses; thousands of levels would overflow the stack and cost the
    // whole .bib file. Below the limit the text is kept plain: commands and braces dropped, letters kept.
    if (this.depth >= MAX_CONVERSION_DEPTH) return this.s.slice(from, to).replace(/\\[a-zA-Z]+\*?|[{}\\]/g, '');
    this.depth++;
    try {
      return this.runAtDepth(from, to);
    } finally {
      this.depth--;
    }
  }

  private runAtDepth(from: number, to: number): string {
    const s = this.s;
    let out = '';
    let i = from;
    while (i < to) {
      const ch = s[i];
      switch (ch) {
        case '\\': {
          const formula = !this.mathMode && (s[i + 1] === '(' || s[i + 1] === '[') ? this.formula(i, to) : undefined;
          if (formula) {
            out += formula.text;
            i = formula.end;
            break;
          }
          const r = this.command(i, to);
          if (r.operator && /[\p{L}\p{N})]$/u.test(out)) out += ' ';
          out += r.text;
          i = r.end;
          break;
        }
        case '{':
        case '}':
          i++;
          break;
        case '$': {
          const formula = this.mathMode ? undefined : this.formula(i, to);
          if (formula) {
            out += formula.text;
            i = formula.end;
            break;
          }
          this.mathMode = !this.mathMode;
          i++;
          break;
        }
        case '~':
          out += ' ';
          i++;
          break;
        case '^':
        case '_': {
          if (!this.mathMode) {
            out += ch;
            i++;
            break;
          }
          const arg = this.argument(i + 1, to);
          const raised = scriptForm(arg.text, ch === '^' ? SUPERSCRIPT_OF : SUBSCRIPT_OF);
          // A lone symbol reads the same on the line ("M⊙", "x*", "f′"); a letter or a longer script would not.
          if (raised === undefined && arg.text.trim() && !/^[^\p{L}\p{N}\s]$/u.test(arg.text.trim())) this.losses++;
          out += raised ?? arg.text;
          i = Math.max(arg.end, i + 1);
          break;
        }
        case '-':
          if (s[i + 1] === '-' && i + 1 < to) {
            if (s[i + 2] === '-' && i + 2 < to) {
              out += '—';
              i += 3;
            } else {
              out += '–';
              i += 2;
            }
          } else {
            out += '-';
            i++;
          }
          break;
        case '`':
          if (s[i + 1] === '`' && i + 1 < to) {
            out += '“';
            i += 2;
          } else {
            out += '‘';
            i++;
          }
          break;
        case "'":
          if (s[i + 1] === "'" && i + 1 < to) {
            out += '”';
            i += 2;
          } else {
            out += "'";
            i++;
          }
          break;
        default:
          out += ch;
          i++;
      }
    }
    return out;
  }

  /** Index just past the group that opens at s[open] === '{' (or `to` when unbalanced). */
  private groupEnd(open: number, to: number): number {
    const s = this.s;
    let depth = 0;
    for (let i = open; i < to; i++) {
      const c = s.charCodeAt(i);
      if (c === 123) depth++;
      else if (c === 125 && --depth === 0) return i + 1;
    }
    return to;
  }

  /** Skips a TeX dimension such as `-.05em`, ` 0.5ex`, `{1pt}` (with an optional `plus`/`minus` it is left alone). */
  private skipDimension(i: number, to: number): number {
    const rest = this.s.slice(i, Math.min(to, i + 40));
    const m = /^\s*(?:\{\s*[-+]?\s*[\d.]+\s*[a-z]{2}\s*\}|[-+]?\s*[\d.]+\s*(?:em|ex|pt|pc|in|bp|cm|mm|dd|cc|sp|mu))/.exec(rest);
    return m ? i + m[0].length : i;
  }

  /** Index past any `[…]` optional arguments at s[i] (`\autocite[see][p. 3]{k}`). */
  private skipOptionalArguments(i: number, to: number): number {
    const s = this.s;
    for (;;) {
      const open = this.skipSpaces(i, to);
      if (s[open] !== '[') return i;
      const close = s.indexOf(']', open);
      if (close < 0 || close >= to) return i;
      i = close + 1;
    }
  }

  private skipSpaces(i: number, to: number): number {
    const s = this.s;
    while (i < to && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
    return i;
  }

  /** The argument after a command: a braced group or a single token. Returns its converted text and end. */
  private argument(i: number, to: number, verbatim = false): { text: string; end: number; present: boolean } {
    const s = this.s;
    const start = this.skipSpaces(i, to);
    if (start >= to) return { text: '', end: start, present: false };
    if (s[start] === '{') {
      const end = this.groupEnd(start, to);
      const inner = verbatim ? s.slice(start + 1, end - 1) : this.run(start + 1, Math.max(start + 1, end - 1));
      return { text: inner, end, present: true };
    }
    if (s[start] === '\\') {
      const r = this.command(start, to);
      return { text: r.text, end: r.end, present: true };
    }
    if (s[start] === '}') return { text: '', end: start, present: false };
    return { text: s[start], end: start + 1, present: true };
  }

  private command(at: number, to: number): { text: string; end: number; operator?: boolean } {
    const s = this.s;
    let i = at + 1;
    if (i >= to) return { text: '', end: i };
    let name: string;
    if (isLetter(s.charCodeAt(i))) {
      const start = i;
      while (i < to && isLetter(s.charCodeAt(i))) i++;
      name = s.slice(start, i);
      if (s[i] === '*') i++;
    } else {
      name = s[i];
      i++;
    }

    const accent = lookup(ACCENTS, name);
    if (accent !== undefined) {
      const arg = this.argument(i, to);
      if (!arg.present || arg.text === '') return { text: accentAlone(name), end: arg.end };
      const base = arg.text.replace(/^ı/, 'i').replace(/^ȷ/, 'j');
      const first = String.fromCodePoint(base.codePointAt(0)!);
      return { text: first + accent + base.slice(first.length), end: arg.end };
    }

    if (name.length === 1 && !isLetter(name.charCodeAt(0))) {
      // Control symbols: \& \% \$ \# \_ \{ \} and spacing.
      switch (name) {
        case '\\':
          return { text: ' ', end: i };
        case ' ':
        case ',':
        case ';':
        case ':':
        case '>':
        case '\n':
        case '\t':
          return { text: ' ', end: i };
        case '!':
        case '/':
        case '-':
        case '@':
          return { text: '', end: i };
        case '(':
        case '[':
          this.mathMode = true;
          return { text: '', end: i };
        case ')':
        case ']':
          this.mathMode = false;
          return { text: '', end: i };
        default:
          return { text: name, end: i };
      }
    }

    const letter = lookup(LETTERS, name);
    if (letter !== undefined) {
      // `\ss{}` and `\ss ` both end the command; the space is not part of the text.
      let end = i;
      if (s[end] === '{' && s[end + 1] === '}') end += 2;
      else end = this.skipSpaces(end, to);
      return { text: letter, end };
    }
    if (SILENT.has(name) || FONT_SWITCH.test(name)) return { text: '', end: i };
    if (TAKES_DIMENSION.has(name)) return { text: '', end: this.skipDimension(i, to) };
    if (DROP_ARGUMENT.has(name)) return { text: '', end: this.argument(i, to, true).end };
    if (FRACTION.has(name)) {
      const numerator = this.argument(i, to);
      const denominator = this.argument(numerator.end, to);
      return { text: `${numerator.text}/${denominator.text}`, end: denominator.end };
    }
    if (CITATION_COMMAND.test(name)) return { text: '', end: this.argument(this.skipOptionalArguments(i, to), to, true).end };
    if (SPACE_ARGUMENT.has(name)) return { text: ' ', end: this.argument(i, to, true).end };
    if (QUOTE_ARGUMENT.has(name)) {
      const quoted = this.argument(i, to);
      return { text: `“${quoted.text}”`, end: quoted.end };
    }
    if (VERBATIM_ARGUMENT.has(name)) return this.argument(i, to, true);
    if (SKIP_FIRST_ARGUMENT.has(name)) {
      const first = this.argument(i, to, true);
      return this.argument(first.end, to);
    }
    const symbol = lookup(SYMBOLS, name);
    if (symbol !== undefined) {
      // `\TeX{}` — an empty group only terminates the command.
      if (s[i] === '{' && s[i + 1] === '}') i += 2;
      // TeX eats the space after a control word: `Latin\slash Arabic` is "Latin/Arabic". Word-like logos keep
      // it, because `\LaTeX is` in a .bib almost always means "LaTeX is".
      else if (JOINING_SYMBOLS.has(name)) i = this.skipSpaces(i, to);
      return { text: symbol, end: i, operator: this.mathMode && OPERATOR_NAMES.has(name) };
    }
    // Unknown command: print its argument when it has one right after it (\textit{x}, \emph{x}, \acro{x}),
    // otherwise its name, which beats losing a word (\TUB, \NTG{}, macros from the .bib's @preamble). In a formula
    // the name is no word ("$\gtrsim 3\sigma$" is not "gtrsim 3σ"): the formula stays TeX.
    if (s[i] === '{' && s[i + 1] !== '}') return this.argument(i, to);
    if (this.mathMode) this.losses++;
    return { text: name, end: s[i] === '{' ? i + 2 : i };
  }
}

function accentAlone(name: string): string {
  const spacing: Record<string, string> = { "'": '´', '`': '`', '^': '^', '"': '¨', '~': '~', '=': '¯', '.': '˙' };
  return lookup(spacing, name) ?? '';
}
