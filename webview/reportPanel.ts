// What the report panels (scores, citation check, reference verification) share: an alert box above the report, and
// how they take the extension's two messages. A report hides an earlier error and is shown (each view saves it as its
// webview state); an error shows in the alert box and leaves the last report in place, so a rescore that fails ("the
// reference file could not be read") does not blank the scores the author was reading.
import { h } from './dom';

/** The failure every report panel may be told of instead of its report. */
interface ErrorMessage {
  type: 'error';
  message: string;
}

/** The panel's alert box, hidden until an error comes. */
export function alertBox(): HTMLElement {
  return h('div', { class: 'message error', role: 'alert', 'data-testid': 'error', hidden: true });
}

/** The panel's message handler: `show` gets each `reportType` message, `errorBox` each error; others are ignored. */
export function reportOrError<Report extends { type: string }>(errorBox: HTMLElement, reportType: Report['type'], show: (report: Report) => void): (msg: Report | ErrorMessage) => void {
  return (msg) => {
    if (msg.type === reportType) {
      errorBox.hidden = true;
      show(msg as Report);
    } else if (msg.type === 'error') {
      errorBox.hidden = false;
      errorBox.textContent = (msg as ErrorMessage).message;
    }
  };
}
