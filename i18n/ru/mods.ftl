# mods
