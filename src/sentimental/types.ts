/**
 * Shared record types of the Sentimental Agents experiment: advisors, their
 * Mental Model of Self, the job, the candidates and the opinion log.
 */

/** One advisor agent: its job title and the short label used in tables. */
export interface AdvisorSpec {
  title: string;
  short: string;
}

/** Mental Model of Self (§5.2, Figure 3): description, priorities, evaluation criteria. */
export interface MentalModel {
  description: string;
  priorities: string[];
  evaluationCriteria: string[];
}

export interface JobInfo {
  title: string;
  organization: string;
  text: string;
}

/** A candidate as the agents see it: a display name and the resume split into passages. */
export interface CandidateInfo {
  id: string;
  name: string;
  passages: string[];
}

/** What an agent hears from a peer (dynamic opinion formation only). */
export interface PeerStatement {
  agent: string;
  role: string;
  round: number;
  statement: string;
  arguments: string[];
  /** f(A) of each argument. */
  argumentSentiments: number[];
  /** S_O of the statement. */
  sentiment: number;
}

/** One earlier statement of a conversation as an advisor hears it: who said what, in which round. */
export interface TranscriptEntry {
  agent: string;
  role: string;
  round: number;
  statement: string;
}

/** Why a turn has no valid answer (onInvalid = skip): the task and its last validation error. */
export interface TurnGap {
  task: string;
  error: string;
}

/** One entry of an agent's opinion log (qualitative + quantitative). */
export interface Turn {
  candidate: string;
  candidateName: string;
  agent: string;
  role: string;
  round: number;
  /** Speaking position within the round (0-based). */
  order: number;
  statement: string;
  arguments: string[];
  argumentSentiments: number[];
  /** S_O(m_i, t): mean argument sentiment (eq. 2). */
  sentiment: number;
  /** S_i^O(t): updated opinion (eq. 4). */
  opinion: number;
  /** ΔS_i^O(t) = |S_i^O(t) - S_i^O(t-1)| (eq. 5). */
  change: number;
  signedChange: number;
  /** Peer statements that were in the agent's prompt. */
  peersHeard: number;
  /**
   * Set when the turn's answer stayed invalid after the repair round and the
   * run went on (onInvalid = skip): the statement is empty, the sentiment NaN,
   * the opinion carried forward, and the turn is left out of every statistic.
   */
  gap?: TurnGap;
}
