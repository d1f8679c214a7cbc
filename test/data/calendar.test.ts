import { describe, expect, it } from "vitest";
import { closureReason, easterSunday, isTradingDay, nyseHolidays, tradingDays } from "../../src/data/calendar";

describe("NYSE calendar", () => {
  it("computes Easter (Gregorian computus)", () => {
    expect([2000, 2008, 2011, 2019, 2023, 2024, 2025, 2038].map(easterSunday)).toEqual([
      "2000-04-23",
      "2008-03-23",
      "2011-04-24",
      "2019-04-21",
      "2023-04-09",
      "2024-03-31",
      "2025-04-20",
      "2038-04-25",
    ]);
  });
  it("knows the 2024 and 2025 holiday lists", () => {
    expect(nyseHolidays(2024).map((h) => h.date)).toEqual([
      "2024-01-01",
      "2024-01-15",
      "2024-02-19",
      "2024-03-29",
      "2024-05-27",
      "2024-06-19",
      "2024-07-04",
      "2024-09-02",
      "2024-11-28",
      "2024-12-25",
    ]);
    expect(nyseHolidays(2025).map((h) => h.date)).toEqual([
      "2025-01-01",
      "2025-01-20",
      "2025-02-17",
      "2025-04-18",
      "2025-05-26",
      "2025-06-19",
      "2025-07-04",
      "2025-09-01",
      "2025-11-27",
      "2025-12-25",
    ]);
  });
  it("closes on known dates", () => {
    expect(closureReason("2025-01-09")).toMatch(/Carter/);
    expect(closureReason("2024-07-04")).toBe("Independence Day");
    expect(closureReason("2023-04-07")).toBe("Good Friday");
    expect(closureReason("2018-12-05")).toMatch(/Bush/);
    expect(closureReason("2012-10-29")).toBe("Hurricane Sandy");
    expect(closureReason("2012-10-30")).toBe("Hurricane Sandy");
    for (const d of ["2001-09-11", "2001-09-12", "2001-09-13", "2001-09-14"]) expect(isTradingDay(d)).toBe(false);
    expect(closureReason("2024-03-16")).toBe("weekend");
  });
  it("applies weekend observance rules", () => {
    // Saturday New Year 2022: not observed on Friday 2021-12-31.
    expect(isTradingDay("2021-12-31")).toBe(true);
    // Sunday New Year 2023 -> Monday 2023-01-02 closed.
    expect(isTradingDay("2023-01-02")).toBe(false);
    // Saturday July 4 2020 -> Friday July 3 closed; Sunday July 4 2021 -> Monday July 5 closed.
    expect(isTradingDay("2020-07-03")).toBe(false);
    expect(isTradingDay("2021-07-05")).toBe(false);
    // Juneteenth from 2022 only; Sunday 2022-06-19 -> Monday 2022-06-20.
    expect(isTradingDay("2021-06-18")).toBe(true);
    expect(isTradingDay("2022-06-20")).toBe(false);
    // Saturday Christmas 2021 -> Friday 2021-12-24 closed.
    expect(isTradingDay("2021-12-24")).toBe(false);
    // Regular days around holidays stay open (early closes are trading days).
    expect(isTradingDay("2024-07-03")).toBe(true);
    expect(isTradingDay("2024-11-29")).toBe(true);
  });
  it("counts trading days per year", () => {
    // Known NYSE session counts.
    expect(tradingDays("2023-01-01", "2023-12-31")).toHaveLength(250);
    expect(tradingDays("2024-01-01", "2024-12-31")).toHaveLength(252);
    expect(tradingDays("2022-01-01", "2022-12-31")).toHaveLength(251);
    expect(tradingDays("2012-01-01", "2012-12-31")).toHaveLength(250);
    expect(tradingDays("2024-07-03", "2024-07-08")).toEqual(["2024-07-03", "2024-07-05", "2024-07-08"]);
  });
});
