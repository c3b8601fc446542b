// The rollback wording of app/classify/rules.ts, each pattern on real text: abstracts from the Unified Agenda
// editions open for writing rules (Fall 2017 to Spring 2019, with OIRA's designation in the comment; agenda abstracts
// have no title) and items of the labelled set's development part, each with a near miss that must not fire.
import { describe, expect, it } from "vitest";
import { splitOf } from "~/classify/split";
import { classifyArticle } from "~/classify/classifier";
import { BURDEN, DELAY, REMOVAL, STAY, STREAMLINE } from "~/classify/rules";
import { inputOf, readLabelled } from "../eval/classify";

const NOW = new Date("2026-11-23T12:00:00Z");
const labelled = new Map(readLabelled().map((item) => [item.id, item]));
/** A labelled item of the development part (never the test part). */
function development(id: string) {
  const item = labelled.get(id);
  if (!item || splitOf(id) !== "development") throw new Error(`${id} is not a development item`);
  return item;
}
const categoryOfItem = (id: string) => classifyArticle(inputOf(development(id)), NOW).category;
/** An agenda abstract as the classifier sees a document without a title. */
const agenda = (abstract: string) => classifyArticle({ title: "", summary: abstract, sourceCategory: "government" }, NOW);

describe("DELAY: applicability, effective and compliance dates put off", () => {
  it("files a moved compliance date as a rollback, from the abstract or the title", () => {
    // Fall 2017, Deregulatory.
    const wellControl = agenda(
      "The purpose of this regulatory action is to extend future compliance dates in the Well Control Rule (WCR) in response to feedback received regarding ongoing efforts to implement the provisions of the WCR, and in accordance with section 4 of Secretary’s Order 3350, America-First Offshore Energy Strategy, Executive Order (E.O.) 13783, Promoting Energy Independence and Economic Growth, and section 7 of E.O. 13795, Implementing an America-First Offshore Energy Strategy.",
    );
    expect(wellControl.category).toBe("regulatory-rollbacks");
    expect(wellControl.reason.category).toBe("rollback: abstract says 'extend future compliance dates'");
    expect(DELAY.test(development("2025-17402").title)).toBe(true); // Extension of Compliance Dates for Electronic Submission ...
    expect(DELAY.test(development("2025-02484").title)).toBe(true); // Privacy Act of 1974; System of Records; Delay of Effective Date
    expect(categoryOfItem("2025-17402")).toBe("regulatory-rollbacks");
  });

  it("does not fire on a comment-period extension or a trade-remedy postponement", () => {
    const section503 = development("2025-16920"); // "... DOL is extending the comment period to September 17, 2025."
    expect(DELAY.test(section503.summary)).toBe(false);
    expect(agenda(section503.summary).category).toBe("new-regulations");
    expect(categoryOfItem("2025-16920")).toBe("new-regulations");
    // Silicon Metal From Australia and Norway: Postponement of Preliminary Determinations in the Less-Than-Fair-Value Investigations
    expect(DELAY.test(development("2025-17684").title)).toBe(false);
    expect(categoryOfItem("2025-17684")).toBe("new-regulations");
    // "unless a further order is issued postponing the effective date" comes after the abstract's lead: not read.
    expect(categoryOfItem("2025-03568")).toBe("new-regulations");
  });
});

describe("STAY: a rule's requirements stayed", () => {
  it("files an agency's stay of its own rule as a rollback", () => {
    // Fall 2017, Deregulatory.
    expect(
      agenda(
        "FRA is considering petitions for reconsideration of the SSP final rule published on August 12, 2016 and stayed until December 4, 2017.  This rulemaking would extend the stay of the rule to provide additional time to consider the issues raised in the petitions.",
      ).reason.category,
    ).toBe("rollback: abstract says 'the stay of the rule'");
    // Spring 2019, Deregulatory.
    expect(
      agenda(
        'EPA received petitions from the Utility Water Act Group and the U.S. Small Business Administration requesting reconsideration and an administrative stay of provisions of the EPA\'s 2015 final rule titled "Effluent Limitations Guidelines and Standards for the Steam Electric Power Generating Point Source Category," (80 FR 67838; November 3, 2015).',
      ).category,
    ).toBe("regulatory-rollbacks");
  });

  it("does not fire on a court's stay in the history, nor on a deferral of Clean Air Act sanctions", () => {
    // Fall 2018 (Deregulatory for other reasons): the court stayed the rule, the agency did not.
    expect(
      STAY.test("On October 9, 2015, the U.S. Court of Appeals for the Sixth Circuit stayed the 2015 rule nationwide pending further action of the court."),
    ).toBe(false);
    // The codebook and the labels file sanctions deferred after a state plan as routine new regulations.
    expect(categoryOfItem("2024-30649")).toBe("new-regulations"); // Interim Final Determination To Defer Sanctions; AK, ...
    expect(categoryOfItem("2025-01215")).toBe("new-regulations");
  });
});

describe("BURDEN: regulatory burden cut in so many words", () => {
  it("files an abstract that says it reduces regulatory burdens as a rollback", () => {
    // Spring 2018, Deregulatory.
    expect(
      agenda(
        "This rule would allow certain military drivers to apply for State CDLs without taking and passing the general knowledge test, if they have successfully completed an approved military training program, which would reduce regulatory burdens on these eligible veterans. This rulemaking implements part of section 5401 of the FAST Act.",
      ).category,
    ).toBe("regulatory-rollbacks");
    // Fall 2017, Deregulatory.
    expect(BURDEN.test("The purpose of these corrections is to reduce regulatory burdens of employers by and improve comprehension of the requirements.")).toBe(
      true,
    );
  });

  it("does not fire on paperwork boilerplate or on a guidance that spares trial participants a burden", () => {
    // "as part of its continuing effort to reduce paperwork and respondent burden, invites the general public ..."
    expect(BURDEN.test(development("2025-19085").summary)).toBe(false);
    expect(categoryOfItem("2025-19085")).toBe("new-regulations");
    // E21 draft guidance: "... while reducing burden and harm on these participants."
    expect(BURDEN.test(development("2025-13680").summary)).toBe(false);
    expect(categoryOfItem("2025-13680")).toBe("new-regulations");
  });
});

describe("REMOVAL: requirements and guidance taken away, read in the first 1,000 characters", () => {
  it("files removed requirements, text taken out of the CFR and requirements no longer imposed as rollbacks", () => {
    for (const abstract of [
      // Fall 2018, Deregulatory.
      "This action would remove the requirement for a Class III medical certificate for a check airman who is not serving as a flightcrew member in Part 135 operations.",
      // Fall 2017, Deregulatory.
      "The DoD Privacy Act Program Regulation is being revised at 32 CFR part 310. It promotes uniformity in the DoD Privacy program and applies to all Components. Therefore, there is no need for DoD Components to issue implementing rules. This part will be removed from the CFR upon the revision of part 310.  The cost savings associated with this part are consolidated under 32 CFR part 310.",
      // Fall 2018, Deregulatory.
      "This rulemaking would remove redundant customer service commitments. This rulemaking would also eliminate the requirement for airlines to self-audit their adherence to their customer service plans annually. The rulemaking would eliminate the need for airlines to make the results of their annual audits available for DOT review for two years following the date any audit is completed.",
      // Fall 2018, Deregulatory: the words that decide come after 700 characters of background.
      "This rulemaking would revise regulations that impose a duplicative requirement on foreign applicants for type certificates of import products. Existing FAA regulations require all applicants to submit two documents: a compliance listing to document the means of compliance with applicable standards; and a corresponding compliance certification from the applicant certifying that all the requirements in the certification basis have been complied with. These compliance statements are duplicative and redundant to the certifying statement that the FAA already requires from the foreign civil aviation authority of the country or jurisdiction having State of Design responsibility for the design approval holder of the product. This rulemaking would no longer require either the compliance listing or the accompanying compliance certification from the foreign applicant.",
    ])
      expect(agenda(abstract).category, abstract.slice(0, 60)).toBe("regulatory-rollbacks");
    // Fall 2017, Deregulatory: guidance moved out of the regulation.
    expect(
      REMOVAL.exec(
        "to revise or remove any policy superseded by changes in the Federal Acquisition Regulation (FAR), to remove procedural guidance internal to VA into the VAAM",
      )?.[0],
    ).toBe("remove procedural guidance");
    // Notice of Decision To Deregulate Light Brown Apple Moth ...: "we are removing the requirement for the additional declaration".
    expect(REMOVAL.test(development("2025-14091").summary)).toBe(true);
  });

  it("does not fire on a single rule removed, a drawbridge rule taken out of the CFR, or robocalls eliminated", () => {
    // Interest capitalization: "remove the associated property rule and similar rules", labelled new-regulations.
    expect(REMOVAL.test(development("2025-19279").summary)).toBe(false);
    expect(categoryOfItem("2025-19279")).toBe("new-regulations");
    // Drawbridge Operation Regulation: "... will be removed from the CFR": a routine kind, the abstract is not read.
    expect(REMOVAL.test(development("2025-14593").summary)).toBe(true);
    expect(categoryOfItem("2025-14593")).toBe("new-regulations");
    // Advanced Methods To Target and Eliminate Robocalls
    expect(REMOVAL.test(development("2025-22063").title)).toBe(false);
    expect(categoryOfItem("2025-22063")).toBe("new-regulations");
  });
});

describe("STREAMLINE: requirements or regulations streamlined or relaxed, not any streamlining", () => {
  it("files streamlined regulations as a rollback", () => {
    // Fall 2018, Deregulatory.
    expect(
      agenda(
        "This proposed rule would streamline our regulations for permitting of rights-of-way (ROWs) for infrastructure by aligning U.S. Fish and Wildlife Service (FWS) processes more closely with those of other Department of the Interior bureaus, consistent with applicable law and to the extent practicable.",
      ).reason.category,
    ).toBe("rollback: abstract says 'streamline our regulations'");
    // Spring 2019, Deregulatory.
    expect(STREAMLINE.test("EDA is primarily streamlining and clarifying its regulations implementing the Trade Adjustment for Firms (TAAF) Program.")).toBe(
      true,
    );
  });

  it("does not fire on streamlining in a rule that adds requirements, or on streamlining a process", () => {
    // Spring 2018, Regulatory: a new product standard.
    const batteries = agenda(
      "This rule would propose to establish a product standard to require testing standards for batteries used in electronic nicotine delivery systems (ENDS) and require design protections through a battery management system for ENDS using batteries. This product standard would protect the safety of users of battery-powered tobacco products and will help to streamline the FDA premarket review process, ultimately reducing the burden on both manufacturers and the Agency. The proposed rule would be applicable to tobacco products that include a non-user replaceable battery as well as products that include a user replaceable battery.",
    );
    expect(batteries.category).not.toBe("regulatory-rollbacks");
    // Children's Online Privacy Protection Rule: "to strengthen protection ... and, where appropriate, to clarify and streamline the Rule".
    expect(categoryOfItem("2025-05904")).toBe("new-regulations");
    // Modernizing the Commission's NEPA Rules: "revise its rules to streamline the environmental review process".
    expect(categoryOfItem("2025-15818")).toBe("new-regulations");
  });
});
