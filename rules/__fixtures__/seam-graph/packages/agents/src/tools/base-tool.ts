export abstract class Tool { abstract name: string }
