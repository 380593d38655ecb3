# media
