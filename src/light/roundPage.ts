/**
 * A round's programme page (/academic-grants, /devcon-grants) follows the round as the server
 * publishes it now (GET /api/rounds): the build named each round-dependent node (roundCopy.ts
 * ROUND_NODES) and put the page's RoundPageParams in a JSON script element; this rewrites those
 * nodes' words with the same functions the build wrote them with. Only words change, in place, and
 * only where they differ: an answer equal to the build's changes nothing, and no answer (a failure,
 * a late one, no round named) leaves the page as built.
 */
import {
  academicBannerNote,
  applyText,
  deadlineText,
  ROUND_NODES,
  ROUND_PARAMS_ID,
  roundStats,
  serverRoundFacts,
  submitStepText,
  type RoundFacts,
  type RoundPageParams,
} from '../content/roundCopy';
import { loadPublicRounds, roundOf } from '../lib/publicRounds';
import { criterionSentence } from '../lib/roundWords';

const asked = new WeakSet<Element>();

/** Asks the server once per page for the page's round, then follows it. Nothing happens on a page without round params. */
export function enhanceRound(root: Document): void {
  const paramsNode = root.getElementById(ROUND_PARAMS_ID);
  if (!paramsNode || asked.has(paramsNode)) return;
  asked.add(paramsNode);
  const params = JSON.parse(paramsNode.textContent ?? '') as RoundPageParams;
  void loadPublicRounds().then((answer) => {
    const round = answer && roundOf(answer, params.programme);
    if (round) followRound(root, params, serverRoundFacts(params, round));
  });
}

/** Sets a node's words, leaving it untouched when they are already these. */
function setText(node: Element | null | undefined, text: string): void {
  if (node && node.textContent !== text) node.textContent = text;
}

/** Rewrites the page's round-dependent nodes for the round's facts. */
function followRound(root: Document, params: RoundPageParams, round: RoundFacts): void {
  const node = (name: string) => root.querySelector<HTMLElement>(`[data-light="${name}"]`);

  setText(node(ROUND_NODES.applyText), applyText(params, round));
  const applyLink = node(ROUND_NODES.applyLink);
  const open = round.state === 'open';
  if (applyLink && applyLink.hidden === open) applyLink.hidden = !open;
  setText(node(ROUND_NODES.deadline), deadlineText(round));
  setText(node(ROUND_NODES.submitStep), submitStepText(round));

  // The stats the page was built with, their values as the round now has them: none added or dropped,
  // since a stat more or less near the top of the page would move everything below it.
  const statsNow = new Map(roundStats(round).map((stat) => [stat.label, stat.value]));
  for (const stat of node(ROUND_NODES.stats)?.children ?? []) {
    const value = statsNow.get(stat.querySelector('dt')?.textContent ?? '');
    if (value) setText(stat.querySelector('dd'), value);
  }

  // The rubric the round is scored with, as the team set it (its review set-up), in place of the build's.
  const criteria = node(ROUND_NODES.criteria);
  const model = criteria?.firstElementChild;
  const sentences = (round.criteria ?? []).map(criterionSentence);
  if (criteria && model && sentences.length > 0 && sentences.join('\n') !== Array.from(criteria.children, (item) => item.textContent).join('\n')) {
    criteria.replaceChildren(
      ...sentences.map((sentence) => {
        const item = model.cloneNode(false);
        item.textContent = sentence;
        return item;
      }),
    );
  }

  // The banner note changes its date only (it is named only when built with one).
  if (round.dates.closes) setText(node(ROUND_NODES.bannerNote), academicBannerNote(params, round));
}
