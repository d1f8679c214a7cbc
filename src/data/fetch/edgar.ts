/**
 * SEC EDGAR endpoints, the User-Agent rule and the block page.
 *
 * - `data.sec.gov/submissions/CIK##########.json`: a company's filings index
 *   (columnar arrays under `filings.recent`, older pages in `filings.files`);
 * - `data.sec.gov/api/xbrl/companyfacts/CIK##########.json`: every XBRL fact
 *   the company filed, each with the accession number of the filing that
 *   carried it (`accn`), so values can be taken as first reported;
 * - `www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/`:
 *   the filing itself, its SGML header (`<accession>.hdr.sgml`, acceptance
 *   time in Eastern time) and its primary document;
 * - `www.sec.gov/files/company_tickers.json`: EDGAR's ticker -> CIK list.
 *
 * Fair access (https://www.sec.gov/os/accessing-edgar-data): at most 10
 * requests per second, and a User-Agent that declares who you are with a
 * contact e-mail. A client over the limit, or without a declared agent, gets
 * a "Request Rate Threshold Exceeded" / "Your Request Originates from an
 * Undeclared Automated Tool" page (status 403, sometimes 200) and is blocked
 * for about ten minutes: that page stops the run instead of being retried.
 */
import type { Verdict } from "./http";

export const EDGAR_DATA_URL = "https://data.sec.gov";
export const EDGAR_WWW_URL = "https://www.sec.gov";
/** Environment variables that override the two hosts (tests point both at one loopback server). */
export const EDGAR_DATA_URL_ENV = "CONSILIUM_EDGAR_DATA_URL";
export const EDGAR_WWW_URL_ENV = "CONSILIUM_EDGAR_WWW_URL";
/** Environment variable holding the declared User-Agent ("Jane Doe jane@example.org"). */
export const SEC_USER_AGENT_ENV = "CONSILIUM_SEC_USER_AGENT";

export interface EdgarHosts {
  data: string;
  www: string;
}

/** The hosts to use: options, else the environment, else SEC's. @example edgarHosts().data; // "https://data.sec.gov" */
export function edgarHosts(override: Partial<EdgarHosts> = {}): EdgarHosts {
  const pick = (v: string | undefined, env: string, dflt: string): string => (v ?? (process.env[env] || dflt)).replace(/\/$/, "");
  return { data: pick(override.data, EDGAR_DATA_URL_ENV, EDGAR_DATA_URL), www: pick(override.www, EDGAR_WWW_URL_ENV, EDGAR_WWW_URL) };
}

/**
 * The declared User-Agent: the option, else $CONSILIUM_SEC_USER_AGENT. EDGAR
 * asks for a name and a contact e-mail; anything without an e-mail address is
 * refused here, before any request, with the fix in the message.
 *
 * @example
 * secUserAgent("Jane Doe jane@example.org"); // "Jane Doe jane@example.org"
 */
export function secUserAgent(option: string | undefined): string {
  const ua = (option ?? process.env[SEC_USER_AGENT_ENV] ?? "").trim();
  if (!/\S+@\S+\.\S+/.test(ua)) {
    throw new Error(
      `SEC EDGAR requires a User-Agent that names you and gives a contact e-mail (fair-access policy, https://www.sec.gov/os/accessing-edgar-data): ` +
        `pass --user-agent "Jane Doe jane@example.org" or set ${SEC_USER_AGENT_ENV}${ua ? ` (got "${ua}", which has no e-mail address)` : ""}`,
    );
  }
  return ua;
}

/** A CIK as EDGAR's 10-digit string. @example cik10(320193); // "0000320193" */
export function cik10(cik: string | number): string {
  const digits = String(cik).replace(/^CIK/i, "").trim();
  if (!/^\d{1,10}$/.test(digits)) throw new RangeError(`invalid CIK "${cik}" (expected up to 10 digits)`);
  return digits.padStart(10, "0");
}

/** @example submissionsUrl(edgarHosts(), "320193"); // "https://data.sec.gov/submissions/CIK0000320193.json" */
export function submissionsUrl(hosts: EdgarHosts, cik: string): string {
  return `${hosts.data}/submissions/CIK${cik10(cik)}.json`;
}

/** An older page listed in `filings.files`. @example submissionsPageUrl(edgarHosts(), "CIK0000320193-submissions-001.json"); */
export function submissionsPageUrl(hosts: EdgarHosts, name: string): string {
  if (!/^[A-Za-z0-9._-]+\.json$/.test(name)) throw new RangeError(`unexpected submissions page name "${name}"`);
  return `${hosts.data}/submissions/${name}`;
}

/** @example companyFactsUrl(edgarHosts(), "320193"); // "https://data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json" */
export function companyFactsUrl(hosts: EdgarHosts, cik: string): string {
  return `${hosts.data}/api/xbrl/companyfacts/CIK${cik10(cik)}.json`;
}

/**
 * The archive folder of a filing.
 *
 * @example
 * filingFolderUrl(edgarHosts(), "0000320193", "0000320193-24-000123"); // "https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/"
 */
export function filingFolderUrl(hosts: EdgarHosts, cik: string, accession: string): string {
  if (!/^\d{10}-\d{2}-\d{6}$/.test(accession)) throw new RangeError(`invalid accession number "${accession}" (expected ##########-##-######)`);
  return `${hosts.www}/Archives/edgar/data/${Number(cik10(cik))}/${accession.replace(/-/g, "")}/`;
}

/** The SGML header of a filing. @example headerUrl(edgarHosts(), "320193", "0000320193-24-000123"); // ".../0000320193-24-000123.hdr.sgml" */
export function headerUrl(hosts: EdgarHosts, cik: string, accession: string): string {
  return `${filingFolderUrl(hosts, cik, accession)}${accession}.hdr.sgml`;
}

/** EDGAR's ticker list. @example companyTickersUrl(edgarHosts()); // "https://www.sec.gov/files/company_tickers.json" */
export function companyTickersUrl(hosts: EdgarHosts): string {
  return `${hosts.www}/files/company_tickers.json`;
}

const BLOCK_TEXT = /Request Rate Threshold Exceeded|Undeclared Automated Tool/i;

/**
 * EDGAR's block page, recognised by its text (status 403, sometimes 200).
 *
 * @example
 * inspectEdgar(403, "<title>SEC.gov | Request Rate Threshold Exceeded</title>")?.kind; // "blocked"
 * inspectEdgar(403, "<Error><Code>AccessDenied</Code></Error>"); // null (a missing archive file)
 */
export function inspectEdgar(status: number, body: string): Verdict {
  if (!BLOCK_TEXT.test(body.slice(0, 8192))) return null;
  return {
    kind: "blocked",
    message:
      `SEC EDGAR refused the request (HTTP ${status}, its "Request Rate Threshold Exceeded" page): EDGAR blocks a client for about 10 minutes ` +
      `when it goes over 10 requests per second or does not declare itself. Check that --user-agent / ${SEC_USER_AGENT_ENV} names you with a contact e-mail, wait, then rerun: the fetch resumes where it stopped.`,
  };
}
