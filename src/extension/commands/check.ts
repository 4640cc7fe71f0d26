// The commands that check what is written: Suggest Citation (which work supports the sentence at the cursor), Check
// Citations (do the cited works support their sentences) and Verify References (is each .bib entry a real work). Their
// needs (a LaTeX or Markdown editor, an indexed library, a trusted workspace) are its requirements (requirements.ts).
import * as vscode from 'vscode';
import type { CiteLanguage } from '../../core/cites/types';
import { citeLanguage } from '../citesInDocument';
import type { CommandContext } from './registry';

/** The active editor when it shows a citing document (the requirement checked it a moment ago). */
function citingEditor(): { editor: vscode.TextEditor; language: CiteLanguage } {
  const editor = vscode.window.activeTextEditor;
  const language = editor && citeLanguage(editor.document);
  if (!editor || !language) throw new Error('Open a LaTeX or Markdown document first.');
  return { editor, language };
}

export function suggestCitation({ citationSupport }: CommandContext) {
  return () => citationSupport.suggest(citingEditor().editor);
}

export function checkCitations({ citationSupport }: CommandContext) {
  return () => {
    const { editor, language } = citingEditor();
    return citationSupport.check(editor.document, language);
  };
}

/** `target`: the .bib clicked in the explorer (or passed by a test); from the palette, the active editor's document. */
export function verifyReferences({ verify }: CommandContext) {
  return (target?: vscode.Uri) => verify.verify(target instanceof vscode.Uri ? target : undefined);
}
