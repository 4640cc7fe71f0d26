// Made-up works for the verify tests: the records a stand-in serves, and a .bib that writes them as .bib files do
// (initials, LaTeX accents, protected braces), with an invented entry and one of each kind of error.
import type { TrueWork } from '../../../src/core/verify/benchmark/truth';

export const WORKS: TrueWork[] = [
  { id: 1, title: 'Spectral Clustering of Fern Spore Images', authors: [{ given: 'Maja', family: 'Lindqvist' }, { given: 'Kwame', family: 'Osei' }], year: 2019, onlineYear: 2019, venue: 'Journal of Imaginary Botany', venueKind: 'journal', doi: '10.5555/ferns.2019.17' },
  { id: 2, title: 'Harbour Noise and Gull Calls', authors: [{ given: 'Petra', family: 'Novak' }], year: 2015, onlineYear: 2015, venue: 'Coastal Acoustics', venueKind: 'journal', doi: '10.5555/gulls.3' },
  { id: 3, title: 'Tidal Lexicons of Harbour Towns', authors: [{ given: 'Hanna', family: 'Schütze' }, { given: 'Lars', family: 'Østby' }], year: 2011, onlineYear: 2010, venue: 'Journal of Coastal Words', venueKind: 'journal', doi: '10.5555/tides.11' },
  { id: 4, title: 'Sparse Tidal Models for Harbour Pilots', authors: [{ given: 'Chidi', family: 'Okafor' }], year: 2021, onlineYear: 2021, venue: 'Proceedings of the Harbour Conference', venueKind: 'proceedings', doi: '10.5555/pilots.21', arxiv: '2103.01234' },
];

export const BIB = String.raw`
@article{ferns, author = {Lindqvist, M. and Osei, K.}, title = {Spectral clustering of fern spore images}, journal = {J. Imag. Bot.}, year = {2019}, doi = {10.5555/ferns.2019.17}}
@article{tides, author = {Sch{\"u}tze, Hanna and {\O}stby, Lars}, title = {Tidal {L}exicons of Harbour Towns}, journal = {Journal of Coastal Words}, year = {2011}}
@article{invented, author = {Lindqvist, Maja}, title = {Quantum Annealing of Fern Spore Colour Charts}, journal = {Journal of Imaginary Botany}, year = {2020}}
@article{wrongyear, author = {Novak, Petra}, title = {Harbour noise and gull calls}, journal = {Coastal Acoustics}, year = {2011}, doi = {10.5555/gulls.3}}
@article{otherdoi, author = {Lindqvist, Maja and Osei, Kwame}, title = {Spectral Clustering of Fern Spore Images}, year = {2019}, doi = {10.5555/gulls.3}}
@misc{pilots, author = {Okafor, Chidi}, title = {Sparse Tidal Models for Harbour Pilots}, year = {2021}, eprint = {2103.01234}, archivePrefix = {arXiv}}
@misc{fakearxiv, author = {Okafor, Chidi}, title = {Sparse Tidal Models for Harbour Pilots}, year = {2021}, eprint = {2103.99999}, archivePrefix = {arXiv}}
@article{notitle, author = {Novak, Petra}, year = {2015}}
@article{baddoi, author = {Novak, Petra}, title = {Harbour Noise and Gull Calls}, journal = {Coastal Acoustics}, year = {2015}, doi = {see the publisher}}
`;

