"""The harness's usage as a page: the ``hotdeath conform`` help text, from the command itself,
so the page cannot drift from the options the harness really has."""

from __future__ import annotations

import click

from . import rst


def usage_page() -> str:
    from hotdeath_harness.cli import make_conform_command

    cmd = make_conform_command()
    with click.Context(cmd, info_name="hotdeath conform", terminal_width=100,
                       max_content_width=100) as ctx:
        text = cmd.get_help(ctx)
    out = rst.heading("Running the harness")
    out += ["``hotdeath conform`` (also installed as ``hotdeath-conform``) drives any program "
            "that speaks the protocol and reports the first step where it diverges from each "
            "scenario. Its options, as ``--help`` prints them:", ""]
    out += rst.code_block(text, "text")
    return "\n".join(out) + "\n"
