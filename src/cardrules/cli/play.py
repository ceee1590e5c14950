"""``cardrules play``: a person plays one seat at the terminal against bots.

The game is kept as its steps from the first state, so that ``undo`` can go back, ``save`` and
the autosave of ``--save`` write the game's record (which ``cardrules replay`` and
``cardrules play --resume`` read), and a resumed game goes on exactly where it stopped.  A bot's
choice depends only on the game's seed and the number of steps so far, so undoing and playing
the same moves again gives the same game.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TextIO

from cardrules.agents.registry import HINT_AGENT
from cardrules.cli import InputError, UsageError, game_choices
from cardrules.cli.common import agent_from, game_from, module_of, rules_from, write_atomic
from cardrules.cli.events import completed_trick, describe_deal_start, narrate
from cardrules.cli.game_text import format_observation, text_for
from cardrules.cli.messages import describe_error, describe_illegal
from cardrules.cli.render import Style, format_trick, seat_label, use_colour
from cardrules.core.cards import Suit
from cardrules.core.deck import derive_seed
from cardrules.errors import ArgumentError, CardrulesError, IllegalActionError, ParseError
from cardrules.games import find_game
from cardrules.runner import check_agent

__all__ = ["Session", "goal_line", "play_session", "run_play"]

_COMMANDS = """commands (any time it is your turn):
  hint       the PIMC agent's choice (or --hint's agent's), with its numbers
  undo       back to your previous decision
  last       the last trick
  score      the scores, and what the next deal needs
  hand       the table again
  rules      this game's ruleset and scoring tables
  save FILE  save the game so far (cardrules play --resume FILE goes on from it)
  quit       stop (the game is saved first when you play with --save)"""

#: What the prompt returns after an undo: the loop starts again from the state undone to.
_UNDONE: Final = object()


class Session:
    """One game at the terminal: the start state, the steps taken (seat, text, action), the
    states after each, the player's seat, the bots, and where to save."""

    def __init__(
        self,
        game: str,
        start: Any,
        you: int,
        bot: Any,
        *,
        save: Path | None = None,
        style: Style | None = None,
        autoplay: bool = False,
        bot_spec: str | None = None,
        hint_spec: str = HINT_AGENT,
    ) -> None:
        from cardrules.records import codec_for

        self.game = game
        self.module = module_of(game)
        self.text = text_for(game)
        self.codec = codec_for(start)
        self.states = [start]
        self.steps: list[tuple[int, str, Any]] = []
        self.you = you
        self.bot = bot
        self.bot_spec = bot_spec or bot.name
        self.players = find_game(game).players(start.rules)
        self.save_path = save
        self.style = style or Style()
        self.autoplay = autoplay
        self.forced: set[int] = set()  # the indices of your steps that were played for you
        self._searcher: Any = None
        self.hint_spec = hint_spec
        self._recorder: Any = None  # kept in step with ``steps``, rebuilt after an undo
        self._recorded = 0

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    @property
    def seed(self) -> int:
        """The game's seed."""
        return int(self.states[0].seed)

    def apply(self, seat: int, action: Any) -> Any:
        """Play ``action`` for ``seat`` (a claim in 400 too); returns the new state.

        :raises IllegalActionError: for a move the rules refuse (nothing changes).
        """
        text = self.codec.step_text(action)
        after = self.codec.apply_step(self.state, seat, text)
        self.steps.append((seat, text, action))
        self.states.append(after)
        return after

    def bot_move(self) -> Any:
        """The bot's action at the current state (seeded by the game's seed and the step).

        :raises UsageError: when the bot fails (your own agent raised an error).
        """
        seat = self.state.current_player
        rng = random.Random(derive_seed(self.seed, "play", len(self.steps)))
        try:
            return self.bot.act(self.state.observe(seat), rng)
        except Exception as error:
            raise UsageError(
                f"the bot {self.bot.name!r} failed at seat {seat}: {type(error).__name__}: {error}"
            ) from None

    def undo(self) -> bool:
        """Go back to the player's previous decision (a forced move played for you is skipped);
        False when there is none."""
        for index in range(len(self.steps) - 1, -1, -1):
            if self.steps[index][0] == self.you and index not in self.forced:
                del self.steps[index:]
                del self.states[index + 1 :]
                self.forced = {i for i in self.forced if i < index}
                self._recorder = None  # the record is rebuilt from the steps kept
                return True
        return False

    def record(self) -> Any:
        """The game's record so far."""
        from cardrules.records import recorder

        if self._recorder is None:
            self._recorder, self._recorded = recorder(self.states[0]), 0
        for seat, text, _ in self.steps[self._recorded :]:
            self._recorder.step(seat, text)
        self._recorded = len(self.steps)
        return self._recorder.record()

    def save(self, path: Path | None = None) -> None:
        """Write the record so far to ``path`` (default: the ``--save`` file).

        :raises InputError: when the file cannot be written.
        """
        from cardrules.records import to_json

        target = path or self.save_path
        if target is None:
            return
        write_atomic(target, to_json(self.record()) + "\n")

    def last_trick(self) -> tuple[int, Any, int] | None:
        """The last completed trick of the game so far: ``(number, trick, winner)``."""
        for index in range(len(self.steps) - 1, -1, -1):
            done = completed_trick(self.states[index], self.steps[index][2], self.states[index + 1])
            if done is not None:
                return done
        return None

    def hint(self) -> list[str]:
        """The hint agent's choice for the player (the PIMC agent with a short time budget,
        :data:`~cardrules.agents.registry.HINT_AGENT`, or ``--hint``'s agent), with its
        numbers."""
        obs = self.state.observe(self.you)
        if len(obs.legal_actions) == 1:
            return [f"hint: {obs.legal_actions[0]} is your only legal move"]
        if self._searcher is None:
            self._searcher = agent_from(self.game, self.hint_spec)
        rng = random.Random(derive_seed(self.seed, "hint", len(self.steps)))
        action = self._searcher.act(obs, rng)
        if hasattr(self._searcher, "last_samples"):
            return self._pimc_hint(action)
        stats = self._searcher.last_stats
        lines = [f"hint: the search agent would play {action}"]
        if stats is not None:
            rollouts = sum(stats.visits.values())
            if getattr(self._searcher, "method", "flat") == "flat":
                lines[0] += (
                    f" ({stats.iterations} sampled deals, each of your moves played out from "
                    f"each: {rollouts} rollouts in {stats.seconds:.2f} s)"
                )
            else:
                lines[0] += f" ({rollouts} rollouts in {stats.seconds:.2f} s)"
            swing = find_game(self.game).load_attribute("agents").SWING
            lines.append(
                "  value: the mean, over the rollouts, of how this deal ends for your side: 1 if "
                "it wins the game, 0 if it loses it, else 0.5 + (your side's points in the deal "
                f"- the other side's) / {swing:g}, kept within 0.02 to 0.98"
            )
            ranked = sorted(stats.values, key=lambda name: -stats.values[name])
            for name in ranked:
                lines.append(
                    f"  {name:>6}  value {stats.values[name]:.3f}  "
                    f"rollouts {stats.visits.get(name, 0)}"
                )
        return lines

    def _pimc_hint(self, action: Any) -> list[str]:
        """The PIMC agent's hint: its choice and, when it solved samples, each action's average
        value over them."""
        agent = self._searcher
        lines = [f"hint: the PIMC agent would play {action}"]
        values = agent.last_values
        if values is None:
            lines[0] += " (played as its search or rule agent: this decision is not solved)"
            return lines
        lines[0] += f" ({agent.last_samples} solved samples)"
        lines.append(
            f"  value: the average over the samples of the deal's {self.text.solved_value} "
            "minus the other's,"
        )
        lines.append("  with best play by everyone" + self.text.solved_note)
        for name, value in sorted(values.items(), key=lambda item: -item[1]):
            lines.append(f"  {name!s:>6}  value {value:+.2f}")
        return lines

    def deal_so_far(self) -> list[str]:
        """The current deal told from its start: its dealer and first kick, then every move
        since (so a resumed game shows the kicks and runs of the pack that led here)."""
        number = self.state.deal_number
        first = len(self.states) - 1
        while first > 0 and self.states[first - 1].deal_number == number:
            first -= 1
        lines = describe_deal_start(self.states[first], self.style)
        for index in range(first, len(self.steps)):
            before, after = self.states[index], self.states[index + 1]
            lines.extend(
                narrate(before, self.steps[index][2], after, you=self.you, style=self.style)
            )
        return lines

    def score_lines(self) -> list[str]:
        """The scores, and what the next deal needs (400: minimum bids and total, FH-11/FH-13;
        All Fours: the points each side still needs)."""
        return self.text.score_lines(self.state, self.you)


def goal_line(state: Any) -> str:
    """What wins the game: 400's qualifying level and partner condition (FH-22, FH-23, and a
    bid of 10 or more, FH-21), or All Fours' target (AF-21)."""
    return text_for(state).goal_line(state)


def _ask(out: TextIO, stdin: TextIO, prompt: str) -> str | None:
    out.write(prompt)
    out.flush()
    line = stdin.readline()
    if not line:
        out.write("\n")
        return None
    if not stdin.isatty():  # scripted input: echo it, so that the transcript reads well
        out.write(line if line.endswith("\n") else line + "\n")
    return line.strip()


def _check_writable(path: Path, *, force: bool, allowed: Path | None = None) -> None:
    if path.is_dir():
        raise InputError(f"cannot write {path}: it is a directory")
    if path.exists() and not force and (allowed is None or path.resolve() != allowed.resolve()):
        raise UsageError(f"{path} exists: use --force to overwrite it, or another --save file")
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror}") from None


def _resume(path: Path) -> tuple[str, list[Any], list[tuple[int, str]]]:
    """The game name, the states and the steps of a saved record, replayed and checked as
    strictly as ``cardrules replay`` checks it (every step, every deal's scores, the result).

    :raises InputError: for a file that is not a valid record.
    """
    from cardrules.cli.replay import load_record
    from cardrules.records import replay

    record = load_record(path)
    game = game_from(record.game)
    states: list[Any] = []
    steps: list[tuple[int, str]] = []
    try:
        for step in replay(record):
            if not states:
                states.append(step.before)
            steps.append((step.seat, step.action))
            states.append(step.after)
        if not states:  # a record saved before the first move
            states.append(_start_of(record))
    except CardrulesError as error:
        raise InputError(f"{path} is not a valid record: {describe_error(error)}") from None
    except (ValueError, TypeError, LookupError, RecursionError) as error:
        raise InputError(
            f"{path} is not a valid record: {type(error).__name__}: {str(error)[:200]}"
        ) from None
    return game, states, steps


def _start_of(record: Any) -> Any:
    from cardrules.records import codec_for

    codec = codec_for(record.game)
    return codec.new_game(record.rules, record.seed, record.dealer, record.deals[0].deck)


def run_play(
    args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None
) -> int:
    """Play one game (or go on with a saved one); returns the exit status (0 also when the
    player quits)."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    resume = Path(args.resume) if args.resume else None
    steps: list[tuple[int, str]] = []
    states: list[Any] = []
    if resume is not None:
        if args.game or args.seed is not None or args.preset or args.players:
            raise UsageError("--resume takes the game, seed and rules from the saved file")
        game, states, steps = _resume(resume)
        start = states[0]
    else:
        if not args.game:
            raise UsageError(f"play needs a game ({game_choices()}), or --resume FILE")
        game = game_from(args.game)
        rules = rules_from(game, args.preset, args.players)
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        start = module_of(game).new_game(rules, seed=seed)
    players = find_game(game).players(start.rules)
    if not 0 <= args.seat < players:
        raise UsageError(f"--seat must be a seat from 0 to {players - 1}")
    bot = agent_from(game, args.bots)
    try:
        check_agent(start.rules, bot)
    except ArgumentError as error:
        raise UsageError(f"--bots: {error}") from None
    save = Path(args.save) if args.save else resume
    if save is not None:
        _check_writable(save, force=args.force, allowed=resume)
    session = Session(
        game,
        start,
        args.seat,
        bot,
        save=save,
        style=Style(use_colour(args.color, out)),
        autoplay=args.autoplay,
        bot_spec=args.bots,
        hint_spec=_hint_spec(game, args.hint),
    )
    for (seat, text), after in zip(steps, states[1:], strict=True):
        session.steps.append((seat, text, session.module.parse_action(text)))
        session.states.append(after)
    try:
        return play_session(session, stdin, out, resumed=resume is not None)
    except KeyboardInterrupt:
        if session.save_path is not None:
            print(f"\n{_resume_line(session)}", file=out)
        raise


def _hint_spec(game: str, spec: str) -> str:
    """``--hint``: a search or PIMC agent spec, checked now rather than at the first hint."""
    if spec.split(":", 1)[0] not in ("search", "pimc"):
        raise UsageError(f"--hint must be a search or pimc agent (search, pimc:20 ...), not {spec}")
    agent_from(game, spec)
    return spec


def play_session(session: Session, stdin: TextIO, out: TextIO, *, resumed: bool = False) -> int:
    """Play ``session`` to its end (or until the player quits), reading the player's input from
    ``stdin`` and writing the table and the narration to ``out``; returns the exit status."""

    def say(*lines: str) -> None:
        for line in lines:
            print(line, file=out)
        out.flush()

    you, game = session.you, session.game
    partner = f", partner seat {(you + 2) % 4}" if session.players == 4 else ""
    team = find_game(game).side
    say(
        f"cardrules play {game}, seed {session.seed}: you are seat {you}{partner} "
        f"({team} {you % 2}); bots: {session.bot.name}.  Type 'help' for help, 'quit' to stop."
    )
    say(goal_line(session.state))
    if session.save_path is not None:
        session.save()
        say(f"the game is saved to {session.save_path} after every move")
    if resumed:
        say(f"resumed after {len(session.steps)} moves")
    if not session.state.is_terminal:
        say(*session.deal_so_far())
    while not session.state.is_terminal:
        state = session.state
        seat = state.current_player
        if seat == you:
            legal = state.legal_actions()
            if session.autoplay and len(legal) == 1:
                session.forced.add(len(session.steps))
                action = legal[0]
                say(f"(your only legal move: {action})")
            else:
                chosen = _human_move(session, stdin, out, say)
                if chosen is None:
                    session.save()
                    say(f"game abandoned (seed {session.seed}).")
                    if session.save_path is not None:
                        say(_resume_line(session))
                    return 0
                if chosen is _UNDONE:
                    continue
                action = chosen
        else:
            action = session.bot_move()
        before = state
        try:
            after = session.apply(seat, action)
        except IllegalActionError as error:  # only a bot's move can be refused here
            raise UsageError(
                f"the bot {session.bot.name!r} at seat {seat} chose an illegal move (game seed "
                f"{session.seed}): {describe_illegal(error, _trump(state))}"
            ) from None
        say(*narrate(before, action, after, you=you, style=session.style))
        session.save()
    state = session.state
    side = you % 2
    say(("you win!" if state.winner == side else "you lose.") + f" (seed {session.seed})")
    if session.save_path is not None:
        say(f"record saved to {session.save_path}")
    return 0


def _resume_line(session: Session, path: Path | None = None) -> str:
    where = path or session.save_path
    return (
        f"saved to {where}; go on with: cardrules play --resume {where} --seat {session.you} "
        f"--bots {session.bot_spec}"
    )


def _human_move(session: Session, stdin: TextIO, out: TextIO, say: Callable[..., None]) -> Any:
    state = session.state
    you = session.you

    def table() -> None:
        say("", format_observation(state.observe(you), session.style))

    table()
    while True:
        text = _ask(out, stdin, "your move> ")
        if text is None:
            return None
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            continue
        if word in ("quit", "q", "exit"):
            return None
        if word in ("help", "?"):
            say(session.text.moves, _COMMANDS)
            continue
        if word in ("hand", "show", "table"):
            table()
            continue
        if word == "score":
            say(*session.score_lines())
            continue
        if word == "rules":
            from cardrules.cli.rules import describe_rules

            say(*describe_rules(session.game, state.rules))
            continue
        if word == "last":
            done = session.last_trick()
            if done is None:
                say("no trick has been played yet")
            else:
                number, trick, winner = done
                trump = state.trump  # 400's is hearts all along
                style = Style(session.style.colour, trump)
                say(
                    f"last trick ({number} of its deal): {format_trick(trick, style)}; "
                    f"{seat_label(winner, you, session.players)} won it"
                )
            continue
        if word == "hint":
            say(*session.hint())
            continue
        if word == "undo":
            if session.undo():
                session.save()
                say(f"undone: back to your move ({len(session.steps)} moves into the game)")
                return _UNDONE
            say("nothing to undo: you have not moved yet")
            continue
        if word == "save":
            if not rest.strip():
                say("save needs a file name: save FILE")
                continue
            path = Path(rest.strip())
            try:
                session.save(path)
            except InputError as error:
                say(f"not saved: {error}")
                continue
            say(_resume_line(session, path))
            continue
        try:
            action = session.text.parse_move(session.module, text, you)
            session.text.check_move(state, action)
        except ParseError as error:
            say(f"not a move: {error}; 'help' lists the moves and commands")
            continue
        except IllegalActionError as error:
            say(f"illegal: {describe_illegal(error, _trump(state))}")
            continue
        return action


def _trump(state: Any) -> Suit | None:
    """The trump suit that orders the cards on the screen (hearts in 400)."""
    trump: Suit | None = state.trump
    return trump
