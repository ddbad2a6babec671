/**
 * Folds the accented Latin letters of product names ("Pokémon") so "pokemon" finds them; search
 * queries are folded with the same table (app/modules/catalog/search-query.ts).
 */
export const SEARCH_FOLD_FROM = "àáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ";
export const SEARCH_FOLD_TO = "aaaaaaceeeeiiiinooooouuuuyyAAAAAACEEEEIIIINOOOOOUUUUY";
