"""The README's Python client runs and prints what its comments say."""
import contextlib
import io
import os
import re

README = os.path.join(os.path.dirname(__file__), "..", "..", "..", "README.md")


def test_readme_python_block_runs_as_documented():
    with open(README, encoding="utf-8") as f:
        text = f.read()
    blocks = re.findall(r"```python\n(.*?)\n```", text, re.S)
    assert blocks, "README.md has no ```python block"
    code = blocks[0]
    assert len(code.splitlines()) <= 10
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "[694]"
    assert lines[1] == "presented ['willSettle', 'presented']"
