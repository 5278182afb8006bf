"""Under tests, a programming error in a widget callback fails the test that meets it (the
page shows it as a sentence and logs it: widgets.common.safe)."""

import widgets.common

widgets.common.RAISE_UNEXPECTED = True
