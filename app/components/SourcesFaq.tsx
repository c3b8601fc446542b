import { sourceCount, type SourceLinks } from "~/sources/links";

const SOURCE_GROUPS = [
  { category: "government", label: "Government" },
  { category: "legal", label: "Courts and legal" },
  { category: "think-tank", label: "Think tanks" },
  { category: "news", label: "News" },
];

const FAQ = [
  {
    q: "What does this dashboard track?",
    a: "New federal regulations, regulatory rollbacks (rescissions, repeals, withdrawals, delayed effective dates), policy analysis, court decisions and legislative action, gathered from public sources.",
  },
  {
    q: "How often is it updated?",
    a: "Every source is checked every 6 hours. The 30-day trends analysis is generated daily at 9 AM, and the newsletter goes out on Mondays.",
  },
  {
    q: "How are articles categorised and prioritised?",
    a: "Rules read each item's title, summary, source and, for Federal Register documents, the document type, agencies and significance. Executive orders, significant rules, Supreme Court rulings and comment deadlines within 7 days are high priority; routine notices are low. Editors can correct any article by hand; those articles carry a Manual badge.",
  },
  {
    q: "Is this legal advice?",
    a: "No. Always read the original document before acting on it: every card links to its source.",
  },
];

// Plain elements styled in app.css (panels, headings, lists): static text shown on the feed and the about page.
export function SourcesFaq({ sources }: { sources: SourceLinks }) {
  return (
    <section className="two-col" aria-labelledby="faq-title">
      <div className="panel">
        <h2 className="title-h4 mb-sm" id="faq-title">
          Frequently asked questions
        </h2>
        <div className="stack is-xs">
          {FAQ.map((item) => (
            <details key={item.q}>
              <summary>
                <span className="text-sm strong">{item.q}</span>
              </summary>
              <p className="text-sm faq-answer">{item.a}</p>
            </details>
          ))}
        </div>
      </div>
      <div className="panel">
        <h2 className="title-h4 mb-sm">{`Our sources (${sourceCount(sources)})`}</h2>
        <div className="stack is-sm">
          {SOURCE_GROUPS.map((group) => {
            const inGroup = sources[group.category] ?? [];
            if (!inGroup.length) return null;
            return (
              <div key={group.category}>
                <h3 className="title-h6">{group.label}</h3>
                <ul className="list is-sm">
                  {inGroup.map((source, index) => (
                    <li key={index}>
                      <a href={source.site} target="_blank" rel="noopener noreferrer" className="anchor is-sm">
                        {source.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
