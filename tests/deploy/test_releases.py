"""docs/releases.md lists the releases, newest first, as their Git tags say; the code's
version comes after the newest; each release's schema is a migration this code still has."""

from __future__ import annotations

import tomllib

from packaging.version import Version

from tests.support.releases import ROOT, listed_releases, tag_commit

MIGRATIONS = ROOT / "service" / "migrations" / "versions"


def test_the_releases_are_listed_newest_first_with_their_schema() -> None:
    releases = listed_releases()
    assert releases, "docs/releases.md lists no release"
    versions = [Version(release.name) for release in releases]
    assert versions == sorted(versions, reverse=True)
    assert [release.day for release in releases] == sorted(
        (release.day for release in releases), reverse=True)
    for release in releases:
        assert list(MIGRATIONS.glob(f"{release.schema}_*.py")), release


def test_a_tag_in_this_checkout_names_the_listed_commit() -> None:
    for release in listed_releases():
        tagged = tag_commit(release.name)
        # A checkout may come without its tags; where one is, it must agree with the list.
        assert tagged in (None, release.commit), release


def test_the_code_is_a_later_version_than_the_newest_release() -> None:
    version = Version(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"])
    assert version > Version(listed_releases()[0].name)


def test_the_list_is_read_as_written() -> None:
    text = ("| Version | Day | Commit | Schema | Rollback |\n|---|---|---|---|---|\n"
            f"| v1.2.3 | 2027-01-02 | {'a' * 40} | 0030 | nothing |\n"
            f"| v1.2.2 | 2027-01-01 | {'b' * 40} | 0029 | nothing |\n")
    assert [(release.name, release.schema) for release in listed_releases(text)] == [
        ("v1.2.3", "0030"), ("v1.2.2", "0029")]
