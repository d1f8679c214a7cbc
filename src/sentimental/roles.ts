/**
 * Role vocabulary of the offline advisors: what a CFO, an engineering leader,
 * a plant manager (and a few other common advisor roles) care about when they
 * read a resume. The offline Mental Model of Self combines one of these
 * profiles with the key terms of the job description; a real model writes its
 * own from the job title and description instead.
 */

export interface RoleProfile {
  key: string;
  /** Matches the advisor's job title (case-insensitive). */
  pattern: RegExp;
  /** What the role judges a candidate through, as a phrase. */
  focus: string;
  /** Candidate priorities, phrased as things to look for in a resume. */
  priorities: string[];
  /** Evaluation criteria, phrased as evidence to find. */
  criteria: string[];
  /** Words that signal the role's interests (used to pick job-description terms). */
  vocabulary: string[];
}

export const ROLE_PROFILES: readonly RoleProfile[] = [
  {
    key: "finance",
    pattern: /\b(cfo|financ\w*|treasur\w*|controller|account\w*)\b/i,
    focus: "financial discipline, cost control and return on technology investment",
    priorities: [
      "budget ownership and cost control",
      "return on investment of technology projects",
      "vendor negotiation and procurement savings",
      "financial reporting, forecasting and risk management",
      "capital efficiency when scaling operations",
      "compliance, audit and governance",
    ],
    criteria: [
      "managed budgets or reduced costs with measurable savings",
      "built business cases and tracked ROI",
      "worked with finance on forecasting and reporting",
      "negotiated contracts with vendors and suppliers",
      "scaled a team or operation without losing cost control",
    ],
    vocabulary: [
      "budget",
      "cost",
      "costs",
      "financial",
      "finance",
      "revenue",
      "roi",
      "investment",
      "capital",
      "funding",
      "savings",
      "procurement",
      "vendor",
      "forecast",
      "reporting",
      "risk",
      "audit",
      "compliance",
      "profit",
      "pricing",
      "margin",
      "investors",
      "growth",
    ],
  },
  {
    key: "engineering",
    pattern: /\b(engineer\w*|cto|technolog\w*|software|developer|architect\w*|it|data)\b/i,
    focus: "technical depth, architecture and engineering leadership",
    priorities: [
      "software architecture and system design",
      "engineering team leadership and hiring",
      "automation, data and industrial IoT systems",
      "cloud infrastructure, DevOps and reliability",
      "data engineering, analytics and machine learning",
      "delivery of complex technical projects",
    ],
    criteria: [
      "designed and shipped production software or systems",
      "led and grew engineering teams",
      "automated processes with sensors, data pipelines or control software",
      "ran reliable cloud or on-premise infrastructure",
      "applied data analytics or machine learning to operations",
    ],
    vocabulary: [
      "software",
      "engineering",
      "architecture",
      "systems",
      "automation",
      "data",
      "cloud",
      "platform",
      "iot",
      "sensors",
      "machine",
      "learning",
      "analytics",
      "devops",
      "infrastructure",
      "technical",
      "technology",
      "development",
      "team",
      "python",
      "java",
      "sql",
      "digital",
      "scada",
    ],
  },
  {
    key: "operations",
    pattern: /\b(plant|operations?|recycl\w*|manufactur\w*|production|factory|supply|logistics|coo|site)\b/i,
    focus: "plant operations, safety and hands-on process improvement",
    priorities: [
      "plant operations and production throughput",
      "health, safety and environmental compliance",
      "equipment maintenance and uptime",
      "recycling, waste sorting and material recovery processes",
      "process improvement and lean manufacturing",
      "managing shift crews and frontline staff",
    ],
    criteria: [
      "ran or supported industrial or manufacturing operations",
      "improved safety records or environmental compliance",
      "kept machinery and equipment running with preventive maintenance",
      "worked with recycling, waste or material handling processes",
      "led process improvement with measurable gains",
    ],
    vocabulary: [
      "plant",
      "operations",
      "production",
      "safety",
      "maintenance",
      "equipment",
      "recycling",
      "waste",
      "sorting",
      "plastics",
      "materials",
      "process",
      "manufacturing",
      "quality",
      "lean",
      "environmental",
      "shift",
      "site",
      "machinery",
      "throughput",
      "supply",
      "logistics",
    ],
  },
  {
    key: "people",
    pattern: /\b(hr|human|people|talent|recruit\w*|culture)\b/i,
    focus: "leadership, culture fit and team development",
    priorities: [
      "people leadership and mentoring",
      "communication with diverse stakeholders",
      "building inclusive team culture",
      "hiring and developing talent",
      "change management",
    ],
    criteria: [
      "led and mentored people",
      "communicated across functions and levels",
      "built or grew teams",
      "managed organisational change",
      "worked in diverse or international environments",
    ],
    vocabulary: [
      "team",
      "leadership",
      "people",
      "culture",
      "communication",
      "training",
      "mentoring",
      "hiring",
      "stakeholders",
      "collaboration",
      "community",
      "diversity",
    ],
  },
];

/** Fallback for a title that matches no profile: judged through general leadership and delivery. */
export const GENERIC_PROFILE: RoleProfile = {
  key: "generic",
  pattern: /.^/,
  focus: "overall leadership, delivery and fit with the organisation's mission",
  priorities: [
    "relevant leadership experience",
    "delivery of measurable results",
    "fit with the organisation's mission",
    "communication and collaboration",
    "learning and adaptability",
  ],
  criteria: [
    "led teams or projects to completion",
    "reported measurable outcomes",
    "worked in a related sector",
    "worked across functions",
    "took on new responsibilities quickly",
  ],
  vocabulary: ["leadership", "results", "team", "projects", "management", "strategy", "experience", "mission"],
};

/**
 * The profile whose pattern matches the job title first (finance before
 * engineering before operations before people), else the generic profile.
 *
 * @example
 * roleProfile("Chief Financial Officer").key;   // "finance"
 * roleProfile("VP of Engineering").key;         // "engineering"
 * roleProfile("Recycling Plant Manager").key;   // "operations"
 */
export function roleProfile(jobTitle: string): RoleProfile {
  return ROLE_PROFILES.find((p) => p.pattern.test(jobTitle)) ?? GENERIC_PROFILE;
}

/**
 * Short label of an advisor title: the initials of its words without
 * "of/and/the", keeping all-caps words whole ("VP of Engineering" -> "VPE").
 *
 * @example
 * shortRoleLabel("Chief Financial Officer"); // "CFO"
 * shortRoleLabel("VP of Engineering");       // "VPE"
 * shortRoleLabel("Recycling Plant Manager"); // "RPM"
 */
export function shortRoleLabel(jobTitle: string): string {
  const words = jobTitle.split(/[\s-]+/).filter((w) => w !== "" && !/^(of|and|the|for|&)$/i.test(w));
  const label = words.map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w[0]!.toUpperCase())).join("");
  return label === "" ? jobTitle : label;
}
