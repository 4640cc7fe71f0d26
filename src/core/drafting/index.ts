// Drafting a related-work section, in named stages shared by every engine: plan (groups and order), keyphrases (topic
// names), topics, contrast, fit (the target length) and render. The default engine writes with writeDraft; the neural
// engine plans with the same stages and writes the sentences with its model.
export { clusterWorks, planningText, planVectors, termVectors, topicGroupCount, WORDS_PER_WORK_DEFAULT, type DraftContext } from './plan';
export { groupKeyphrases } from './keyphrases';
export { contrastAgainst, contrastSentence, type ContrastGroup } from './contrast';
export { renderDraft } from './render';
export { measureDraft, type DraftMeasures, type MeasuredWork } from './measures';
export { writeDraft } from './write';
export { citationForDocument, draftForDocument, formatForSyntax } from './document-text';
