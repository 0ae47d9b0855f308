"use client";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import {
  BATTLE_LAYOUT_NAMES,
  BATTLE_MAX_ROUNDS,
  BATTLE_WIN_RULES,
  seatCount,
  type BattleLayout,
  type BattleWinRule,
} from "@prizepacks/fairness";
import { centsToMoney, displayMoney, moneyToCents } from "@prizepacks/core/contract";
import { askBeforeWager } from "../../lib/licence-prompts";
import { battleCalls } from "../../lib/battle-calls";
import { LAYOUT_LABELS, WIN_RULE_LABELS, type BattlePack } from "../../lib/battle-shapes";
import { BattleError } from "./battle-error";
import { ClientSeedField, isBadClientSeed } from "../fairness/client-seed-field";
import { Money } from "../ui/money";

/** Pick the rounds' packs (repeats allowed, in order), the seats and the rule; the entry is shown before confirming. */
export function BattleCreateForm({ packs }: { packs: BattlePack[] }) {
  const id = useId();
  const router = useRouter();
  const [rounds, setRounds] = useState<BattlePack[]>([]);
  const [layout, setLayout] = useState<BattleLayout>("1v1");
  const [winRule, setWinRule] = useState<BattleWinRule>("highest");
  const [terminal, setTerminal] = useState(false);
  const [clientSeed, setClientSeed] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const entry = centsToMoney(rounds.reduce((sum, pack) => sum + moneyToCents(pack.price), 0n));
  const full = rounds.length >= BATTLE_MAX_ROUNDS;
  const seedProblem = isBadClientSeed(clientSeed);

  const move = (index: number, by: -1 | 1) =>
    setRounds((current) => {
      const next = [...current];
      const [pack] = next.splice(index, 1);
      next.splice(index + by, 0, pack!);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rounds.length === 0 || seedProblem) return;
    if (!(await askBeforeWager())) return;
    setPending(true);
    setError(null);
    try {
      const battle = await battleCalls.create({
        packs: rounds.map((pack) => pack.id),
        layout,
        winRule,
        terminal,
        ...(clientSeed ? { clientSeed } : {}),
      });
      router.push(`/battles/${battle.id}`);
    } catch (failure) {
      setError(failure);
      setPending(false);
    }
  };

  return (
    <form className="battle-create stack" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        New battle
      </h2>
      <section className="card stack" aria-labelledby={`${id}-packs`}>
        <h3 id={`${id}-packs`}>Add packs</h3>
        <p className="small-text muted">Each pack you add is one round; add a pack again to open it again.</p>
        <ul className="battle-pack-picker">
          {packs.map((pack) => (
            <li key={pack.id}>
              <button
                type="button"
                className="battle-pack-choice"
                onClick={() => setRounds((current) => [...current, pack])}
                disabled={full}
                data-testid="battle-add-pack"
                data-pack-slug={pack.slug}
              >
                <img src={pack.image} alt="" width={56} height={56} loading="lazy" />
                <span className="battle-pack-choice-name">{pack.name}</span>
                <Money amount={pack.price} className="small-text" />
                <span className="visually-hidden">, add as round {rounds.length + 1}</span>
              </button>
            </li>
          ))}
        </ul>
        {full && <p className="small-text muted">A battle has at most {BATTLE_MAX_ROUNDS} rounds.</p>}
      </section>

      <section className="card stack" aria-labelledby={`${id}-rounds`}>
        <h3 id={`${id}-rounds`}>
          Rounds <span className="muted num">({rounds.length})</span>
        </h3>
        {rounds.length === 0 ? (
          <p className="muted small-text">No pack yet: add at least one above.</p>
        ) : (
          <ol className="battle-rounds-picked" data-testid="battle-rounds-picked">
            {rounds.map((pack, index) => (
              <li key={index} className="battle-round-picked">
                <span className="num muted">{index + 1}.</span>
                <img src={pack.image} alt="" width={32} height={32} />
                <span className="battle-round-picked-name">{pack.name}</span>
                <Money amount={pack.price} className="small-text" />
                <span className="battle-round-picked-actions">
                  <button
                    type="button"
                    className="button ghost small"
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={`Move round ${index + 1}, ${pack.name}, up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button ghost small"
                    onClick={() => move(index, 1)}
                    disabled={index === rounds.length - 1}
                    aria-label={`Move round ${index + 1}, ${pack.name}, down`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button ghost small"
                    onClick={() => setRounds((current) => current.filter((_, at) => at !== index))}
                    aria-label={`Remove round ${index + 1}, ${pack.name}`}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="card stack" aria-labelledby={`${id}-rules`}>
        <h3 id={`${id}-rules`}>Seats and rules</h3>
        <fieldset className="battle-choice">
          <legend className="label">Layout</legend>
          <div className="chips">
            {BATTLE_LAYOUT_NAMES.map((name) => (
              <label key={name} className={`chip${layout === name ? " is-selected" : ""}`}>
                <input type="radio" name={`${id}-layout`} value={name} checked={layout === name} onChange={() => setLayout(name)} />
                {LAYOUT_LABELS[name]} <span className="battle-chip-note">({seatCount(name)} seats)</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="battle-choice">
          <legend className="label">Win rule</legend>
          <div className="chips">
            {BATTLE_WIN_RULES.map((rule) => (
              <label key={rule} className={`chip${winRule === rule ? " is-selected" : ""}`}>
                <input type="radio" name={`${id}-rule`} value={rule} checked={winRule === rule} onChange={() => setWinRule(rule)} />
                {WIN_RULE_LABELS[rule]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="battle-terminal">
          <input type="checkbox" checked={terminal} onChange={(event) => setTerminal(event.target.checked)} />
          <span>
            Terminal: only the last round counts <span className="hint">(every item still goes to the winner)</span>
          </span>
        </label>
        <ClientSeedField value={clientSeed} onChange={setClientSeed} />
      </section>

      <div className="card battle-confirm">
        <p className="battle-confirm-entry">
          <span>Your entry</span> <Money amount={entry} className="battle-entry-amount" />{" "}
          <span className="muted small-text">
            (the sum of the {rounds.length} {rounds.length === 1 ? "pack" : "packs"}; every seat pays the same)
          </span>
        </p>
        <button
          type="submit"
          className="button big"
          disabled={pending || rounds.length === 0 || seedProblem}
          data-testid="battle-create-submit"
        >
          {pending ? "Creating…" : rounds.length === 0 ? "Add a pack first" : `Create battle for ${displayMoney(entry)}`}
        </button>
      </div>
      <BattleError error={error} back="/battles/new" />
    </form>
  );
}
