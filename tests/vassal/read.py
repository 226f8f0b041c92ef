"""Reads a VASSAL module back with pywargame and prints what it holds as JSON: the test compares
it with the pack (tests/it/vassal.rs). Usage: python read.py MODULE.vmod [HEX,HEX,…]: with hex numbers, also
where the module's hex grid numbering puts each of them."""

import io
import json
import sys
import zipfile

from pywargame.vassal.board import Board
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.grid import HexGrid
from pywargame.vassal.save import SaveIO
from pywargame.vassal.vmod import VMod


def traits_of(slot):
    """The trait ids of a piece slot, outermost first (`emb2`, `obs`, `piece`)."""
    return [t.ID for t in slot.getTraits()]


def main(path, hexes):
    out = {}
    with VMod(path, "r") as vmod:
        names = set(vmod.getFileNames())
        game = BuildFile(vmod.getBuildFile()).getGame()
        out["name"] = game["name"]
        pieces = game.getPieces(asdict=False)
        out["pieces"] = [
            {"name": p["entryName"], "traits": traits_of(p), "images": images(p)} for p in pieces
        ]
        out["maps"] = {}
        for name, m in game.getMaps().items():
            boards = {}
            for board_name, board in m.getBoards().items():
                entry = {"image": board["image"], "width": int(board["width"]), "height": int(board["height"])}
                grids = board.getHexGrids(single=False)
                if grids:
                    grid = grids[0]
                    numbering = grid.getNumbering()
                    entry["hexgrid"] = {"dx": float(grid["dx"]), "dy": float(grid["dy"])}
                    if numbering:
                        # Where VASSAL's numbering puts each hex number asked for.
                        entry["locations"] = {h: numbering[0].getLocation(h) for h in hexes}
                zoned = board.getZonedGrids(single=False)
                if zoned:
                    entry["zones"] = sorted(board.getZones().keys())
                boards[board_name] = entry
            decks = {}
            for deck in m.getDecks(single=False) or []:
                cards = deck.getCards(asdict=False)
                decks[deck["name"]] = {
                    "cards": len(cards),
                    "face_down": deck["faceDown"],
                    "traits": sorted({",".join(traits_of(c)) for c in cards}),
                    "images": sorted({i for c in cards for i in images(c)}),
                }
            out["maps"][name] = {"boards": boards, "decks": decks}
        roster = game.getPlayerRoster(single=False)
        out["sides"] = [side._node.firstChild.nodeValue for side in roster[0].getSides()] if roster else []
        out["dice"] = [{"name": d["name"], "n": int(d["nDice"]), "sides": int(d["nSides"])} for d in game.getDiceButtons().values()]
        docs = game.getDocumentation(single=False)
        out["help"] = []
        for d in docs:
            for child in d._node.childNodes:
                if getattr(child, "tagName", "").endswith("BrowserHelpFile"):
                    out["help"].append(child.getAttribute("title"))
        out["setups"] = {}
        for name, setup in game.getPredefinedSetups().items():
            data = vmod.getInternalFile(setup["file"], "r").read()
            save = io.BytesIO(data)
            save.name = setup["file"]
            key, lines = SaveIO.readSave(save)
            out["setups"][name] = summary(lines)
        out["files"] = sorted(names)
    # Locations: what grid location VASSAL's numbering gives each hex centre is checked by the
    # test through pywargame's own formula (getLocation: a hex number to its centre).
    print(json.dumps(out, ensure_ascii=False, indent=1, default=str))


class BoardAsZone:
    """A board seen as the zone pywargame's hex numbering asks its grid for."""

    def __init__(self, board):
        self.board = board

    def getXOffset(self):
        return 0

    def getYOffset(self):
        return 0

    def getWidth(self):
        return int(self.board["width"])

    def getHeight(self):
        return int(self.board["height"])


# pywargame finds a hex grid's size through its zone; a board's own grid has the board as its
# zone, at no offset.
_zone = HexGrid.getZone
HexGrid.getZone = lambda grid: _zone(grid) or BoardAsZone(grid.getParent(Board))


def images(slot):
    """Every image a piece slot's traits name."""
    found = []
    for t in slot.getTraits():
        if t.ID == "piece":
            found.append(t["filename"])
        elif t.ID == "emb2":
            found.extend(t["images"].split(","))
        elif t.ID == "obs":
            found.append(t["imageImage"])
    return [f for f in found if f]


def summary(lines):
    """A saved game's commands counted: pieces by their outer trait, stacks with their sizes,
    decks with their sizes, boards in use, whether at-start piles are replaced."""
    pieces, stacks, decks, boards = {}, [], [], []
    # pywargame reads a saved game's bytes one character each; VASSAL writes UTF-8.
    lines = [line.encode("latin-1").decode("utf-8") for line in lines]
    for line in lines:
        if line.startswith("+/"):
            body = line[2:]
            ident, _, rest = body.partition("/")
            kind = rest.split(";", 1)[0]
            if kind.startswith("stack"):
                state = rest.split("/", 1)[1].split(";")
                stacks.append({"map": state[0], "x": int(state[1]), "y": int(state[2]), "pieces": len(state) - 4})
            elif kind.startswith("deck"):
                state = rest.rsplit("/", 1)[1].split(";")
                decks.append({"pieces": len([i for i in state[4].split(",") if i]) if len(state) > 4 else 0})
            else:
                pieces[kind] = pieces.get(kind, 0) + 1
        elif "BoardPicker\t" in line:
            boards.append(line.split("\t")[0])
    return {"pieces": pieces, "stacks": stacks, "decks": decks, "boards": boards,
            "setup_stack": "SETUP_STACK\t" in lines, "first": lines[0] if lines else "", "last": lines[-1] if lines else ""}


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] else [])
