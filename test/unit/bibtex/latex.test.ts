import { strict as assert } from 'assert';
import { latexToUnicode } from '../../../src/core/bibtex';

describe('latexToUnicode', () => {
  const cases: [string, string][] = [
    ['{\\"o}', 'ö'],
    ['\\"o', 'ö'],
    ["\\'{e}", 'é'],
    ["\\'E", 'É'],
    ['\\`a', 'à'],
    ['\\^{o}', 'ô'],
    ['\\~n', 'ñ'],
    ['\\c c', 'ç'],
    ['\\c{C}', 'Ç'],
    ['\\v{s}', 'š'],
    ['\\u{g}', 'ğ'],
    ['\\H{o}', 'ő'],
    ['\\k{a}', 'ą'],
    ['\\r{a}', 'å'],
    ['\\={a}', 'ā'],
    ['\\.{z}', 'ż'],
    ['\\"{\\i}', 'ï'],
    ["\\'\\i", 'í'],
    ['Stra\\ss e', 'Straße'],
    ['{\\ss}', 'ß'],
    ['\\o{} and \\O', 'ø and Ø'],
    ['{\\aa}ngstr{\\"o}m', 'ångström'],
    ['\\ae\\AE\\oe\\OE', 'æÆœŒ'],
    ["{\\L}{\\'o}d{\\'z}", 'Łódź'],
    ['1--10', '1–10'],
    ['yes---no', 'yes—no'],
    ['Fig.~3', 'Fig. 3'],
    ['Smith \\& Sons, 50\\%, \\$3, \\#1, a\\_b', 'Smith & Sons, 50%, $3, #1, a_b'],
    ['\\emph{lazy} and \\textbf{bold} and {\\em em}', 'lazy and bold and em'],
    ['{The} {\\LaTeX} {Companion}', 'The LaTeX Companion'],
    ['\\TeX{}book', 'TeXbook'],
    ['\\noopsort{1998}Title', 'Title'],
    ['``quoted\'\'', '“quoted”'],
    // An exponent keeps its meaning where Unicode can raise it ("O(n2)" would read as n times 2).
    ['$\\alpha$-stable and $O(n^2)$', 'α-stable and O(n²)'],
    // Where it cannot ("m1+o(1)" would state another bound, "xi" another variable), the formula stays as TeX.
    ['$2^{n-1}$ and $x_{10}$ but $e^{i\\pi}$ and $x_i$', '2ⁿ⁻¹ and x₁₀ but $e^{i\\pi}$ and $x_i$'],
    ['in $m^{1+o(1)}$ time, not $\\tilde{O}(n^{2+2/3})$', 'in $m^{1+o(1)}$ time, not $\\tilde{O}(n^{2+2/3})$'],
    ['$$\\sum_{i=1}^n x_i$$ and \\(x_{i,j}\\)', '$\\sum_{i=1}^n x_i$ and $x_{i,j}$'],
    ['costs \\$5 and \\$10', 'costs $5 and $10'],
    // Inside a word, a lowered letter is part of a logo.
    ['the use of {T${}_E$X} for that', 'the use of TEX for that'],
    // A lone symbol raised or lowered reads the same on the line; astronomy's Sun is a symbol.
    ['10$^{10}$ M$_\\odot$ yr$^{-1}$, M$_\\sun$, $x^*$ and $f^\\prime$', '10¹⁰ M⊙ yr⁻¹, M⊙, x* and f′'],
    // A command the decoder does not know is no word inside a formula; a font command gives its argument.
    ['$\\gtrsim 3\\sigma$ but $\\mathcal{O}(n)$ and $\\text{rank}(A)$', '$\\gtrsim 3\\sigma$ but O(n) and rank(A)'],
    // Operators keep their space: "nlog n" reads as a new word.
    ['$O(n\\log n)$ and $\\Omega(n \\log^3 n)$ and $\\max(a,b)$', 'O(n log n) and Ω(n log³ n) and max(a,b)'],
    // Ligatures from an abstract pasted out of a PDF, with and without LaTeX around them.
    ['classi\ufb01cation of \ufb02ows', 'classification of flows'],
    ['e\ufb00ective \\emph{o\ufb03ce}', 'effective office'],
    ['\\url{http://x.org/a_b~c--d}', 'http://x.org/a_b~c--d'],
    ['\\href{http://x.org}{the site}', 'the site'],
    ['  many\n   lines\tand spaces ', 'many lines and spaces'],
    ['\\MF{} and \\AMSTeX', 'METAFONT and AMS-TeX'],
    ['\\unknownmacro{kept} and \\Unknown', 'kept and Unknown'],
    ['plain text', 'plain text'],
    ['{\\NTG{}} and \\NetBibTeX{}ing', 'NTG and NetBibTeXing'],
    ['{\\eightrm METAPLOT} and {\\smc mf medley}', 'METAPLOT and mf medley'],
    ['Tr{\\^e}{\\kern-.05em}\\llap{\\raise 0.5ex\\hbox{x}}ng', 'Trêxng'],
    ['Latin\\slash Arabic\\emdash{}done', 'Latin/Arabic—done'],
    ['Space\\hspace{1em}Quad', 'Space Quad'],
    ['\\enquote{cited}', '“cited”'],
    ['Radix-2\\({}^{\\mbox{k}}\\)', 'Radix-2${}^{\\mbox{k}}$'],
    ['GaN(000\\bar{1})', 'GaN(0001\u0304)'],
    ['\\mnras', 'Monthly Notices of the Royal Astronomical Society'],
    ['\\constructor and \\toString{x}', 'constructor and x'],
    // Citation keys and reference labels are not text: "shown by \\citep{kim}" must not read "shown by kim".
    ['as shown by \\citep{kim20} and \\citet[p.~4]{lee}, see Table~\\ref{tab:x}', 'as shown by and , see Table'],
    ['\\autocite[see][12]{a,b}.\\Textcite{c} agrees', '. agrees'],
    ['\\Citet{c} and \\Citeauthor{d} agree', 'and agree'],
    ['a loss, \\ie a sum, \\eg of terms \\etal', 'a loss, i.e. a sum, e.g. of terms et al.'],
    ['$\\frac{1}{2}$ of $\\tfrac{n}{k}$', '1/2 of n/k'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => {
      assert.equal(latexToUnicode(input), expected);
    });
  }

  it('yields precomposed (NFC) characters, so search and display compare equal', () => {
    assert.equal(latexToUnicode('G{\\"o}del'), 'G\u00f6del');
  });

  it('never throws on unbalanced input', () => {
    for (const s of ['{', '}', '\\', '\\"', '{\\"', '$', '\\href{a', '\\c']) assert.equal(typeof latexToUnicode(s), 'string');
  });
});
