"""A practice deal's words (issue 24): the seat by its name in the deal itself, and the
practice deal's own result against the deal's."""

from gui.model.practicewords import opening_line, result_line, seat_notes


def test_the_opening_line_names_the_seat_chosen():
    assert opening_line("Dan") == (
        "Practice deal: the same cards and stakes, now from Dan's seat. You and Dan swap "
        "seats: you "
        "play Dan's hand and Dan plays yours. It counts in no statistics and is not saved."
    )


def test_the_result_is_set_against_the_deal_itself():
    assert result_line("Dan", -16, -11, -9) == (
        "From Dan's seat you lost 16 counters, where Dan lost 9 counters in the deal itself; "
        "from your own seat you lost 11 counters."
    )
    assert result_line("Fay", 1, 0, 1) == (
        "From Fay's seat you won 1 counter, where Fay won 1 counter in the deal itself; "
        "from your own seat you came out even."
    )


def test_each_moved_name_says_whose_hand_it_holds():
    # The person (seat 0) practises from Dan's seat (2): the names moved, the hands did not.
    assert seat_notes(4, 0, 2, "Dan") == ["(in your seat)", "", "(in Dan's seat)", ""]
