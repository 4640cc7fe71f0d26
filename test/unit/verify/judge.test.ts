// Each matching rule of verify as a user meets it: an entry written the way .bib files write it against a record
// written the way the services write it. What a careful human calls the same must be verified (no false alarm);
// what they call wrong must be a mismatch naming the field. The works are made up.
import { strict as assert } from 'node:assert';
import { parseBibtex } from '../../../src/core/bibtex';
import { compareTitles, venuesAgree } from '../../../src/core/verify/compare';
import { verifyEntryFromBib } from '../../../src/core/verify/entries';
import { judgeRecord } from '../../../src/core/verify/judge';
import type { SourceRecord, VerifyEntry } from '../../../src/core/verify/types';

function entry(bib: string): VerifyEntry {
  const parsed = parseBibtex(bib);
  assert.equal(parsed.entries.length, 1, 'fixture parses to one entry');
  return verifyEntryFromBib(parsed.entries[0]);
}

function record(fields: Partial<SourceRecord> & { title: string; authors: string[] }): SourceRecord {
  return { url: 'http://127.0.0.1/test', ...fields };
}

describe('verify: matching that does not cry wolf', () => {
  it('takes LaTeX accents in braces, accents on braces and Unicode as the same name', () => {
    for (const written of ['Sch{\\"u}tze, Hanna', 'Sch\\"{u}tze, Hanna', 'Schütze, Hanna']) {
      const e = entry(`@article{k, author = {${written} and Ø{}stby, Lars}, title = {Tidal Lexicons of Harbour Towns}, year = {2011}, journal = {Journal of Coastal Words}}`);
      const j = judgeRecord(e, record({ title: 'Tidal Lexicons of Harbour Towns', authors: ['Hanna Schütze', 'Lars Østby'], year: 2011, venue: 'Journal of Coastal Words' }), 'title');
      assert.equal(j.outcome, 'verified', `${written}: ${JSON.stringify(j.fields)}`);
    }
  });

  it('takes initials for full first names, "and others" for the rest of the list, and particles either way', () => {
    const e = entry(`@article{k, author = {Brakel, D. E. and van der Linde, J. and others}, title = {Moss Growth on North Walls}, year = {2003}}`);
    const j = judgeRecord(e, record({ title: 'Moss growth on north walls', authors: ['Dorothea Elise Brakel', 'Jan van der Linde', 'Pim Vos', 'Ria Smit'], year: 2003 }), 'doi');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
    const particles = entry(`@article{k, author = {Linde, Jan van der and de la Cruz, Ana}, title = {Moss Growth on North Walls}, year = {2003}}`);
    assert.equal(judgeRecord(particles, record({ title: 'Moss Growth on North Walls', authors: ['Jan van der Linde', 'Ana De La Cruz'], year: 2003 }), 'title').outcome, 'verified');
  });

  it('reads protected braces, title case, a subtitle on one side and punctuation as the same title', () => {
    assert.equal(compareTitles('{FERN}: Spore counting with {CNN}s', 'FERN: Spore Counting With CNNs').same, true);
    assert.equal(compareTitles('Spore Counting', 'Spore counting: a field guide for the damp season').same, true);
    assert.equal(compareTitles('Pre-training spore encoders', 'Pretraining Spore Encoders.').same, true);
    assert.equal(compareTitles('Modelling spore dispersal', 'Modeling Spore Dispersal').same, true);
    // Two words changed is another title.
    const changed = compareTitles('Robust spore counting in damp cellars', 'Fast spore counting in dry cellars');
    assert.equal(changed.same, false);
    assert.deepEqual(changed.changedWords, { ours: ['robust', 'damp'], theirs: ['fast', 'dry'] });
  });

  it('verifies an arXiv entry against the later proceedings record, with a note', () => {
    const e = entry(`@misc{k, author = {Okafor, Chidi}, title = {Sparse Tidal Models}, year = {2019}, eprint = {1903.01234}, archivePrefix = {arXiv}, journal = {arXiv preprint arXiv:1903.01234}}`);
    const j = judgeRecord(e, record({ title: 'Sparse Tidal Models', authors: ['Chidi Okafor'], year: 2021, venue: 'Proceedings of the Harbour Conference', venueKind: 'proceedings' }), 'title');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
    assert.ok(j.notes.some((n) => /preprint/.test(n)), j.notes.join('; '));
  });

  it('verifies a conference entry against the journal version, and a year one off (online-first), each with a note', () => {
    const e = entry(`@inproceedings{k, author = {Tanaka, Yui}, title = {Whistled Syllables}, booktitle = {Proc. of the Whistle Workshop}, year = {2020}}`);
    const j = judgeRecord(e, record({ title: 'Whistled Syllables', authors: ['Yui Tanaka'], year: 2019, venue: 'Journal of Whistled Languages', venueKind: 'journal' }), 'title');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
    assert.ok(j.notes.some((n) => /conference version/.test(n)));
    assert.ok(j.notes.some((n) => /within one/.test(n)));
  });

  it('takes journal abbreviations and acronyms for the full name, and tells two journals apart', () => {
    assert.equal(venuesAgree('IEEE Trans. Pattern Anal. Mach. Intell.', 'IEEE Transactions on Pattern Analysis and Machine Intelligence'), true);
    assert.equal(venuesAgree('Appl. Phys. Lett.', 'Applied Physics Letters'), true);
    assert.equal(venuesAgree('NeurIPS', 'Advances in Neural Information Processing Systems (NeurIPS)'), true);
    assert.equal(venuesAgree('Journal of Coastal Words', 'Physical Review B'), false);
    // Renamed: papers are cited under NeurIPS and recorded under the old name's words.
    assert.equal(venuesAgree('Proc. NeurIPS', 'Neural Information Processing Systems'), true);
  });

  it('does not take a generation ("III", "Jr.") for the family name, braced or not', () => {
    const e = entry(`@article{k, author = {Hugh {Marsh III} and Tess Vale}, title = {Whistled Syllables}, year = {2020}}`);
    const j = judgeRecord(e, record({ title: 'Whistled Syllables', authors: ['Hugh Marsh III', 'Tess Vale Jr.'], year: 2020 }), 'doi');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
  });

  it('takes "Mueller" for "Müller", and a proceedings paper recorded under its book series as the same place', () => {
    const e = entry(`@inproceedings{k, author = {Mueller, Jonas}, title = {Whistled Syllables}, booktitle = {Proceedings of the Whistle Workshop}, year = {2020}}`);
    const j = judgeRecord(e, record({ title: 'Whistled Syllables', authors: ['Jonas Müller'], year: 2020, venue: 'Lecture Notes in Computer Science', venueKind: 'book' }), 'doi');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
    assert.ok(j.notes.some((n) => /series or book/.test(n)));
  });
});

describe('verify: authors who are not the same person', () => {
  it('never takes a name for another that only starts like it (Chen for Cheng, Zhan for Zhang), nor "Hoe" for "Ho"', () => {
    const e = entry(`@article{k, author = {Chen, Wei and Zhan, Li and Hoe, Mei}, title = {Lattice Sieving of Moth Wings}, journal = {Journal of Imaginary Botany}, year = {2021}}`);
    const j = judgeRecord(e, record({ title: 'Lattice sieving of moth wings', authors: ['Wei Cheng', 'Li Zhang', 'Mei Ho'], year: 2021, venue: 'Journal of Imaginary Botany', venueKind: 'journal' }), 'title');
    assert.equal(j.outcome, 'mismatch', JSON.stringify(j));
    assert.ok(j.fields.some((f) => f.field === 'authors'));
  });

  it('still takes a compound family name written in part ("García Márquez" for "Márquez") as the same person', () => {
    const e = entry(`@article{k, author = {M{\\'a}rquez, Ana}, title = {Lattice Sieving of Moth Wings}, journal = {Journal of Imaginary Botany}, year = {2021}}`);
    const j = judgeRecord(e, record({ title: 'Lattice sieving of moth wings', authors: ['Ana García Márquez'], year: 2021, venue: 'Journal of Imaginary Botany', venueKind: 'journal' }), 'title');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
  });
});

describe('verify: what is flagged, and which field decided', () => {
  const base = `author = {Lindqvist, Maja and Osei, Kwame}, title = {Spectral Clustering of Fern Spore Images}, journal = {Journal of Imaginary Botany}`;
  const truth = record({ title: 'Spectral clustering of fern spore images', authors: ['Maja Lindqvist', 'Kwame Osei'], year: 2019, venue: 'Journal of Imaginary Botany', venueKind: 'journal', doi: '10.5555/ferns.2019.17' });

  it('a year two off is a mismatch on the year', () => {
    const j = judgeRecord(entry(`@article{k, ${base}, year = {2017}}`), truth, 'title');
    assert.equal(j.outcome, 'mismatch');
    assert.equal(j.decidedBy, 'year');
    assert.deepEqual(j.fields.map((f) => [f.field, f.ours, f.theirs]), [['year', '2017', '2019']]);
  });

  it('other authors under a real title is a mismatch on the authors, both lists given', () => {
    const j = judgeRecord(entry(`@article{k, author = {Doe, Jane and Roe, Richard}, title = {Spectral Clustering of Fern Spore Images}, year = {2019}}`), truth, 'title');
    assert.equal(j.outcome, 'mismatch');
    assert.equal(j.decidedBy, 'authors');
    assert.match(j.fields[0].why, /first author Doe, the record's is Lindqvist/);
    assert.equal(j.fields[0].ours, 'Doe, Roe');
    assert.equal(j.fields[0].theirs, 'Lindqvist, Osei');
  });

  it('another journal is a mismatch on the venue', () => {
    const j = judgeRecord(entry(`@article{k, author = {Lindqvist, Maja and Osei, Kwame}, title = {Spectral Clustering of Fern Spore Images}, journal = {Annals of Volcanic Glass}, year = {2019}}`), truth, 'title');
    assert.equal(j.outcome, 'mismatch');
    assert.equal(j.decidedBy, 'venue');
  });

  it('a DOI that resolves to another work is a mismatch on the DOI naming that work', () => {
    const other = record({ title: 'Harbour Noise and Gull Calls', authors: ['Petra Novak'], year: 2015, doi: '10.5555/gulls.3' });
    const j = judgeRecord(entry(`@article{k, ${base}, year = {2019}, doi = {10.5555/gulls.3}}`), other, 'doi');
    assert.equal(j.outcome, 'mismatch');
    assert.equal(j.decidedBy, 'doi');
    assert.match(j.fields[0].why, /DOI 10\.5555\/gulls\.3 is the identifier of another work: “Harbour Noise and Gull Calls” by Novak \(2015\)/);
  });

  it('an entry without a title, found by its DOI, is judged on its authors and year, not called another work', () => {
    const j = judgeRecord(entry(`@article{k, author = {Lindqvist, Maja and Osei, Kwame}, year = {2019}, doi = {10.5555/ferns.2019.17}}`), truth, 'doi');
    assert.equal(j.outcome, 'verified', JSON.stringify(j.fields));
    assert.ok(j.notes.some((n) => /no title/.test(n)));
    const wrong = judgeRecord(entry(`@article{k, author = {Doe, Jane}, year = {2019}, doi = {10.5555/ferns.2019.17}}`), truth, 'doi');
    assert.deepEqual(wrong.fields.map((f) => f.field), ['authors']);
  });

  it('a title search hit that is another work is set aside, not reported', () => {
    const j = judgeRecord(entry(`@article{k, ${base}, year = {2019}}`), record({ title: 'Gull calls at dawn', authors: ['Petra Novak'], year: 2015 }), 'title');
    assert.equal(j.outcome, 'other-work');
  });

  it('a real title with two words changed, found by DOI, is a mismatch on the title', () => {
    const j = judgeRecord(entry(`@article{k, author = {Lindqvist, Maja and Osei, Kwame}, title = {Spectral Clustering of Moss Spore Photographs}, year = {2019}, doi = {10.5555/ferns.2019.17}}`), truth, 'doi');
    assert.equal(j.outcome, 'mismatch');
    assert.equal(j.decidedBy, 'title');
  });
});
