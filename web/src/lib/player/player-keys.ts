/**
 * The player's keys, on every page while the player bar shows (docs/product.md#player-bar). A key
 * is left alone while the listener types (text fields, selects, editable text), inside a dialog, with
 * Ctrl, Alt or Meta, and when the focused control uses it itself: Space on a button or a link, the
 * arrows on a slider, tabs or a menu.
 */
import { changeVolumeBy, next, previous, SEEK_STEP_SECONDS, seekBy, toggleLoop, toggleMute, togglePlay, VOLUME_STEP } from "./player";

/** The keys as the bar's help lists them. */
export const PLAYER_KEYS = [
  { keys: "Space", action: "Play or pause" },
  { keys: "← / →", action: "Back or forward 5 s" },
  { keys: "Shift + ← / →", action: "Previous or next loop" },
  { keys: "↑ / ↓", action: "Volume up or down" },
  { keys: "M", action: "Mute or unmute" },
  { keys: "L", action: "Loop mode on or off" },
] as const;

const TYPING =
  "textarea, select, [contenteditable]:not([contenteditable='false']), input:not([type=button], [type=checkbox], [type=radio], [type=range], [type=submit], [type=reset], [type=color], [type=file])";
const MODAL = "[role=dialog], [role=alertdialog]";
/** What Space presses. */
const PRESSABLE =
  "button, a[href], summary, input, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option]";
/** What has arrow keys of its own. */
const ARROWS =
  "input, [role=slider], [role=spinbutton], [role=tablist], [role=tab], [role=menu], [role=menubar], [role=menuitem], [role=listbox], [role=option], [role=radiogroup], [role=radio], [role=grid], [role=tree], [role=toolbar]";

function actionFor(event: KeyboardEvent, target: Element | null): (() => void) | null {
  const arrowsFree = !target?.closest(ARROWS);
  const once = !event.repeat;
  switch (event.key) {
    case " ":
      return once && !event.shiftKey && !target?.closest(PRESSABLE) ? togglePlay : null;
    case "ArrowLeft":
      if (!arrowsFree) return null;
      return event.shiftKey ? (once ? previous : null) : () => seekBy(-SEEK_STEP_SECONDS);
    case "ArrowRight":
      if (!arrowsFree) return null;
      return event.shiftKey ? (once ? next : null) : () => seekBy(SEEK_STEP_SECONDS);
    case "ArrowUp":
      return arrowsFree && !event.shiftKey ? () => changeVolumeBy(VOLUME_STEP) : null;
    case "ArrowDown":
      return arrowsFree && !event.shiftKey ? () => changeVolumeBy(-VOLUME_STEP) : null;
    case "m":
    case "M":
      return once ? toggleMute : null;
    case "l":
    case "L":
      return once ? toggleLoop : null;
    default:
      return null;
  }
}

/** A `keydown` listener for the document. */
export function handlePlayerKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`${TYPING}, ${MODAL}`)) return;
  const action = actionFor(event, target);
  if (!action) return;
  event.preventDefault();
  action();
}
