"""Errors carry what a program needs."""

from cardrules import CardrulesError, IllegalActionError, ParseError, Reason, RulesError


def test_error_hierarchy() -> None:
    for cls in (ParseError, RulesError, IllegalActionError):
        assert issubclass(cls, CardrulesError)
        assert issubclass(cls, ValueError)


def test_illegal_action_error_message_and_fields() -> None:
    error = IllegalActionError(
        Reason.MUST_FOLLOW_SUIT, seat=2, action="JH", legal=["4C", "9C"], detail="clubs were led"
    )
    assert error.reason is Reason.MUST_FOLLOW_SUIT
    assert error.seat == 2
    assert error.legal == ("4C", "9C")
    assert str(error) == "JH is not legal (seat 2): must_follow_suit: clubs were led; legal: 4C 9C"
    over = IllegalActionError(Reason.GAME_OVER, seat=None, action="QH")
    assert str(over) == "QH is not legal (the game is over): game_over"
    assert Reason("must_follow_suit") is Reason.MUST_FOLLOW_SUIT
