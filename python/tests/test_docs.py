"""docs/python.md: every ```python block runs, in order, in one namespace, and each print
whose line ends in a comment prints that comment's text."""
import os
import re

from conftest import REPO


def blocks():
    with open(os.path.join(REPO, "docs", "python.md"), encoding="utf-8") as f:
        return re.findall(r"^```python\n(.*?)^```$", f.read(), re.S | re.M)


def test_python_md_examples(capsys):
    code = blocks()
    assert code, "docs/python.md has no python block"
    ns = {}
    for b in code:
        exec(compile(b, "docs/python.md", "exec"), ns)
    out = capsys.readouterr().out
    shown = [line.split("# ", 1)[1].strip() for b in code for line in b.splitlines()
             if line.strip().startswith("print(") and "# " in line]
    assert shown
    for text in shown:
        assert text in out


def test_every_public_name_is_documented():
    with open(os.path.join(REPO, "docs", "python.md"), encoding="utf-8") as f:
        text = f.read()
    import seacurve
    missing = [n for n in seacurve.__all__ if not re.search(r"`[^`\n]*\b%s\b" % n, text)]
    assert missing == []
